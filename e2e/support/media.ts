import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the test videos are kept between runs (support/videos.ts keeps its own here too). */
export const fixtureFolder = join(tmpdir(), 'cutroom-e2e-media');

/**
 * A test pattern with a tone (H.264/AAC MP4), made once per machine and reused: what a person
 * would upload, without anything explicit in it.
 */
export function testPatternVideo({ seconds, height }: { seconds: number; height: number }): string {
  mkdirSync(fixtureFolder, { recursive: true });
  const width = Math.round((height * 16) / 9 / 2) * 2;
  const path = join(fixtureFolder, `pattern-${width}x${height}-${seconds}s.mp4`);
  if (existsSync(path)) return path;
  // Each process writes its own part file: two test files may make the same video at once.
  const part = `${path}.${process.pid}.part.mp4`;
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=25`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-g', '50', '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', part],
  ]);
  execFileSync('mv', [part, path]);
  return path;
}
