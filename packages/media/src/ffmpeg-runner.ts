import { spawn } from 'node:child_process';

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

export interface RunFfmpegOptions {
  ffmpegPath?: string;
  args: string[];
  /** The input's duration, to turn ffmpeg's `out_time` into a percentage. */
  durationSeconds?: number;
  /** Called with 0..100 as ffmpeg reports progress (needs `-progress pipe:1` in args). */
  onProgress?: (percent: number) => void;
  /** Aborting kills ffmpeg at once. */
  signal?: AbortSignal;
  /** Working folder: the job's scratch folder holding the input. */
  cwd?: string;
}

const STDERR_TAIL_BYTES = 4000;

/**
 * Parses the key=value blocks that `-progress pipe:1` writes. Answers a percentage for each
 * block, given the duration; `progress=end` answers 100.
 */
export function createProgressParser(
  durationSeconds: number | undefined,
  onPercent: (percent: number) => void,
): (chunk: string) => void {
  let pending = '';
  let outTimeSeconds = 0;
  return (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const rawLine of lines) {
      const line = rawLine.trim();
      const eq = line.indexOf('=');
      if (eq < 0) continue;
      const key = line.slice(0, eq);
      const value = line.slice(eq + 1);
      if (key === 'out_time_us' || key === 'out_time_ms') {
        // Both are microseconds (out_time_ms is misnamed in ffmpeg); N/A before the first frame.
        const micros = Number(value);
        if (Number.isFinite(micros) && micros >= 0) outTimeSeconds = micros / 1e6;
      } else if (key === 'progress') {
        if (value === 'end') onPercent(100);
        else if (durationSeconds && durationSeconds > 0) {
          onPercent(Math.min(99.9, Math.max(0, (outTimeSeconds / durationSeconds) * 100)));
        }
      }
    }
  };
}

/** Runs ffmpeg to completion; rejects with FfmpegError (and the end of its log) on failure. */
export function runFfmpeg(options: RunFfmpegOptions): Promise<void> {
  return runTool(options.ffmpegPath ?? 'ffmpeg', options.args, {
    signal: options.signal,
    cwd: options.cwd,
    onStdout: options.onProgress
      ? createProgressParser(options.durationSeconds, options.onProgress)
      : undefined,
  }).then(() => undefined);
}

/** Runs ffprobe (or any tool) and answers its standard output. */
export async function runTool(
  command: string,
  args: string[],
  options: { signal?: AbortSignal; onStdout?: (chunk: string) => void; cwd?: string } = {},
): Promise<string> {
  options.signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: options.cwd,
    });
    let stdout = '';
    let stderr = '';
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (options.onStdout) options.onStdout(chunk);
      else stdout += chunk;
    });
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', abort);
      reject(new FfmpegError(`Could not run ${command}: ${error.message}`, null, ''));
    });
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', abort);
      if (options.signal?.aborted) {
        reject(options.signal.reason ?? new Error('Aborted'));
      } else if (code === 0) {
        resolve(stdout);
      } else {
        const lastLine = stderr.trim().split('\n').at(-1) ?? '';
        reject(new FfmpegError(`${command} failed (exit ${code}): ${lastLine}`, code, stderr));
      }
    });
  });
}
