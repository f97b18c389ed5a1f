/**
 * A small line chart (SVG; no chart library), read out as one sentence: its label, how many
 * values, the last and the highest. `slots` is how many values fill the width (more than the
 * values given leaves room on the right, as a chart that fills up over time does).
 */
export function Sparkline({
  values,
  label,
  format,
  slots = values.length,
  description,
  testId,
}: {
  values: number[];
  label: string;
  format: (n: number) => string;
  slots?: number;
  /** What the values are, for the spoken summary ("last 28 days"); "last N samples" by default. */
  description?: string;
  testId?: string;
}) {
  const width = 300;
  const height = 64;
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (Math.max(slots, values.length) - 1) : 0;
  const points = values
    .map(
      (value, index) =>
        `${(index * step).toFixed(1)},${(height - (value / max) * (height - 4) - 2).toFixed(1)}`,
    )
    .join(' ');
  const last = values.at(-1) ?? 0;
  return (
    <figure className="space-y-1" data-testid={testId}>
      <figcaption className="flex justify-between text-sm">
        <span className="text-neutral-400">{label}</span>
        <span className="font-semibold tabular-nums">{format(last)}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-16 w-full rounded bg-black/30"
        role="img"
        aria-label={`${label}: ${description ?? `last ${values.length} samples`}, now ${format(last)}, highest ${format(max)}`}
        preserveAspectRatio="none"
      >
        <polyline
          points={points}
          fill="none"
          stroke="var(--color-accent)"
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
    </figure>
  );
}
