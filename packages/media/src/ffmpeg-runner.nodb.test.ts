import { describe, expect, it } from 'vitest';
import { createProgressParser, FfmpegError, runFfmpeg } from './ffmpeg-runner';

describe('createProgressParser', () => {
  it('turns out_time into percent of the duration, across split chunks', () => {
    const seen: number[] = [];
    const feed = createProgressParser(20, (p) => seen.push(p));
    feed('frame=10\nout_time_us=N/A\nprogress=continue\nout_time_us=5000');
    feed('000\nprogress=continue\nout_time_us=19999000\nprogress=cont');
    feed('inue\nout_time_us=20000000\nprogress=end\n');
    expect(seen).toEqual([0, 25, 99.9, 100]);
  });
});

describe('runFfmpeg', () => {
  it('reports progress of a real run', async () => {
    const seen: number[] = [];
    await runFfmpeg({
      args: [
        '-nostdin',
        '-loglevel',
        'error',
        '-progress',
        'pipe:1',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=320x180:rate=25:duration=3',
        '-f',
        'null',
        '-',
      ],
      durationSeconds: 3,
      onProgress: (p) => seen.push(p),
    });
    expect(seen.at(-1)).toBe(100);
  });

  it('kills ffmpeg when the signal aborts', async () => {
    const controller = new AbortController();
    // Ten minutes of 720p to encode: the run settles only once ffmpeg has exited ('close'), so
    // settling within the test's time proves the kill, with no time bound of its own.
    const run = runFfmpeg({
      args: [
        '-nostdin',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=1280x720:rate=25:duration=600',
        '-c:v',
        'libx264',
        '-f',
        'null',
        '-',
      ],
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('cancelled by the owner')), 300);
    await expect(run).rejects.toThrow('cancelled by the owner');
  });

  it("fails with the end of ffmpeg's log", async () => {
    const run = runFfmpeg({
      args: ['-nostdin', '-loglevel', 'error', '-i', '/nonexistent/input.mp4', '-f', 'null', '-'],
    });
    await expect(run).rejects.toBeInstanceOf(FfmpegError);
    await expect(run).rejects.toThrow(/No such file or directory/);
  });
});
