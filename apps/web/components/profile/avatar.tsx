/** A user's avatar, or their initial on the accent colour when they have none. */
export function Avatar({
  username,
  image,
  size = 40,
}: {
  username: string;
  image: string | null;
  size?: number;
}) {
  const style = { width: size, height: size };
  return image ? (
    <img
      src={image}
      alt=""
      width={size}
      height={size}
      style={style}
      className="shrink-0 rounded-full object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: size / 2.4 }}
      className="flex shrink-0 items-center justify-center rounded-full bg-accent font-bold text-black"
    >
      {username.slice(0, 1).toUpperCase()}
    </span>
  );
}
