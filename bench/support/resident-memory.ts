import { readFileSync } from 'node:fs';

/**
 * Samples a process's resident memory (VmRSS in /proc, Linux) every second: what the operator's
 * `process_resident_memory_bytes` shows, read from outside so the bench measures any server.
 */
export function sampleResidentMemory(pid: number | undefined, everyMs = 1000) {
  const read = (): number | null => {
    if (!pid) return null;
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) * 1024 : null;
    } catch {
      return null;
    }
  };
  const start = read();
  let peak = start ?? 0;
  let last = start;
  const timer = setInterval(() => {
    const now = read();
    if (now === null) return;
    last = now;
    peak = Math.max(peak, now);
  }, everyMs);
  timer.unref();
  const mb = (bytes: number | null) =>
    bytes === null ? '?' : `${Math.round(bytes / 1024 ** 2)} MB`;
  return {
    /** Stops sampling; answers the line the bench prints. */
    stop(): { start: number | null; peak: number; end: number | null; line: string } {
      clearInterval(timer);
      const end = read() ?? last;
      return {
        start,
        peak,
        end,
        line: `resident memory of the server: start ${mb(start)}, peak ${mb(peak)}, end ${mb(end)}`,
      };
    },
  };
}
