/**
 * A small line chart (SVG; no chart library), read out as one sentence: its label, how many
 * values, the last and the highest. `slots` is how many values fill the width (more than the
 * values given leaves room on the right, as a chart that fills up over time does). Each value
 * above zero is marked with a dot, so a single day among empty ones is seen, and `range` names
 * the first and the last value's place under the chart (dates).
 */
export function Sparkline({
  values,
  label,
  format,
  slots = values.length,
  description,
  range,
  testId,
}: {
  values: number[];
  label: string;
  format: (n: number) => string;
  slots?: number;
  /** What the values are, for the spoken summary ("last 28 days"); "last N samples" by default. */
  description?: string;
  /** What the first and the last value stand for, shown under the chart ('2026-11-01'). */
  range?: { from: string; to: string };
  testId?: string;
}) {
  const width = 300;
  const height = 64;
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (Math.max(slots, values.length) - 1) : 0;
  const at = values.map((value, index) => ({
    value,
    x: (index * step).toFixed(1),
    y: (height - (value / max) * (height - 4) - 2).toFixed(1),
  }));
  const points = at.map(({ x, y }) => `${x},${y}`).join(' ');
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
        {/* A dot a value above zero: a zero-length stroke with round caps stays round in a
            stretched chart (the stroke does not scale). */}
        {at
          .filter(({ value }) => value > 0)
          .map(({ x, y }) => (
            <path
              key={x}
              d={`M${x} ${y}h0.01`}
              stroke="var(--color-accent)"
              strokeWidth="6"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
              data-testid="sparkline-dot"
            />
          ))}
      </svg>
      {range && (
        <p
          className="flex justify-between text-xs tabular-nums text-neutral-400"
          aria-hidden="true"
        >
          <span>{range.from}</span>
          <span>{range.to}</span>
        </p>
      )}
    </figure>
  );
}
