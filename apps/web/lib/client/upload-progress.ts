/** One progress reading: when, and how many bytes the server had. */
export interface ProgressSample {
  at: number;
  bytes: number;
}

export interface UploadProgress {
  percent: number;
  /** Bytes per second over the recent window, or null before there is enough to tell. */
  bytesPerSecond: number | null;
  /** Seconds left at that speed, or null. */
  secondsLeft: number | null;
}

/** Speed is measured over the last few seconds, so it follows the connection as it changes. */
const WINDOW_MS = 5_000;

/** Keeps the samples of the recent window (and the one just before it, as its start). */
export function addSample(samples: ProgressSample[], sample: ProgressSample): ProgressSample[] {
  const next = [...samples, sample];
  while (next.length > 2 && next[1]!.at <= sample.at - WINDOW_MS) next.shift();
  return next;
}

export function measureProgress(samples: ProgressSample[], totalBytes: number): UploadProgress {
  const last = samples.at(-1);
  const first = samples[0];
  const percent = last && totalBytes > 0 ? Math.min(100, (last.bytes / totalBytes) * 100) : 0;
  if (!last || !first || last.at - first.at < 500 || last.bytes <= first.bytes) {
    return { percent, bytesPerSecond: null, secondsLeft: null };
  }
  const bytesPerSecond = ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  return { percent, bytesPerSecond, secondsLeft: (totalBytes - last.bytes) / bytesPerSecond };
}

/** 1536000 → "1.5 MB/s". */
export function formatSpeed(bytesPerSecond: number): string {
  const units = ['B/s', 'kB/s', 'MB/s', 'GB/s'];
  let value = bytesPerSecond;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 && unit > 0 ? 1 : 0)} ${units[unit]}`;
}

/** 75 → "1 min 15 s left". */
export function formatTimeLeft(seconds: number): string {
  const rounded = Math.max(1, Math.round(seconds));
  const h = Math.floor(rounded / 3600);
  const m = Math.floor((rounded % 3600) / 60);
  const s = rounded % 60;
  if (h > 0) return `${h} h ${m} min left`;
  if (m > 0) return `${m} min ${s} s left`;
  return `${s} s left`;
}
