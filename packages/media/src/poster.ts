import { inputArgs } from './container-format';
import type { MediaInfo } from './probe';

export const POSTER_MAX_SIDE = 1280;

/** The poster's size: the source's, shrunk to fit 1280 pixels a side, never enlarged. */
export function posterSize(info: MediaInfo): { width: number; height: number } {
  const { width, height } = info.video;
  const scale = Math.min(1, POSTER_MAX_SIDE / Math.max(width, height));
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

/** When to look for the poster: a fifth into the video (past intros and fades), at most 30 s. */
export function posterSeekSeconds(durationSeconds: number): number {
  return Math.min(30, Math.max(0, durationSeconds * 0.2));
}

/**
 * JPEG and WebP posters from one representative frame: ffmpeg's `thumbnail` filter picks the
 * frame closest to the average of the next 30 after the seek point, which skips black or
 * blurred frames.
 */
export function buildPosterArgs(info: MediaInfo, input: string, outputDir: string): string[] {
  const { width, height } = posterSize(info);
  const seek = posterSeekSeconds(info.durationSeconds);
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-ss',
    seek.toFixed(3),
    ...inputArgs(input, info.demuxer),
    '-filter_complex',
    `[0:v]thumbnail=30,scale=${width}:${height},setsar=1,split=2[jpg][webp]`,
    '-map',
    '[jpg]',
    '-frames:v',
    '1',
    '-q:v',
    '3',
    '-update',
    '1',
    `${outputDir}/poster.jpg`,
    '-map',
    '[webp]',
    '-frames:v',
    '1',
    '-c:v',
    'libwebp',
    '-quality',
    '80',
    '-update',
    '1',
    `${outputDir}/poster.webp`,
  ];
}

/** Where the candidate poster frames are taken, as shares of the duration. */
export const FRAME_POINTS = [0.1, 0.3, 0.5, 0.7] as const;
export const FRAMES_DIR = 'frames';

/** The candidate frames' file names, relative to the output directory. */
export const frameFiles = () => FRAME_POINTS.map((_, i) => `${FRAMES_DIR}/frame-${i + 1}.jpg`);

/**
 * Candidate poster frames at 10, 30, 50 and 70 % of the video, in one run: the source is
 * opened once per point with a fast input seek (to the keyframe before it), and one JPEG of
 * the poster's size is written for each. The owner picks among them on the video's page.
 */
export function buildFrameArgs(info: MediaInfo, input: string, outputDir: string): string[] {
  const { width, height } = posterSize(info);
  const files = frameFiles();
  return [
    ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
    ...FRAME_POINTS.flatMap((point) => [
      '-ss',
      (info.durationSeconds * point).toFixed(3),
      ...inputArgs(input, info.demuxer),
    ]),
    ...FRAME_POINTS.flatMap((_, i) => [
      '-map',
      `${i}:v:0`,
      '-vf',
      `scale=${width}:${height},setsar=1`,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      '-update',
      '1',
      `${outputDir}/${files[i]}`,
    ]),
  ];
}
