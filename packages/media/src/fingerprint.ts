import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  FINGERPRINT_SAMPLES_PER_SECOND,
  type FrameHash,
  type VideoFingerprint,
} from '@cutroom/core/features/moderation/reuploads/fingerprint';
import { inputArgs } from './container-format';
import { runFfmpeg } from './ffmpeg-runner';
import type { MediaInfo } from './probe';

/** Side of the grey square each sampled picture is scaled to before hashing. */
export const HASH_SIDE = 32;
/** A picture this flat (standard deviation of its grey levels) says nothing: not hashed. */
const FLAT_STDDEV = 6;

const FRAMES_FILE = 'fingerprint/frames.gray';
const CENTRES_FILE = 'fingerprint/centres.gray';
const SOUND_FILE = 'fingerprint/sound.raw';

/**
 * One cheap ffmpeg run over the source (docs/reuploads.md): the pictures sampled
 * FINGERPRINT_SAMPLES_PER_SECOND times a second as 32×32 grey squares, whole and their centre
 * (90 % of each side), and the sound's chromaprint. The decoder skips B-frames and its loop
 * filter: a sample then comes from the nearest other frame, a few hundredths of a second away,
 * and the squares do not need the filter; that halves the decoding (docs/decisions/0044).
 */
export function buildFingerprintArgs(info: MediaInfo, input: string, outputDir: string): string[] {
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
  args.push('-skip_frame', 'bidir', '-skip_loop_filter', 'all', ...inputArgs(input, info.demuxer));
  const square = `scale=${HASH_SIDE}:${HASH_SIDE}:flags=area,format=gray`;
  args.push(
    '-filter_complex',
    `[0:v:0]fps=${FINGERPRINT_SAMPLES_PER_SECOND},split=2[a][b];` +
      `[a]${square}[whole];[b]crop=iw*0.9:ih*0.9,${square}[centre]`,
    ...['-map', '[whole]', '-f', 'rawvideo', join(outputDir, FRAMES_FILE)],
    ...['-map', '[centre]', '-f', 'rawvideo', join(outputDir, CENTRES_FILE)],
  );
  if (info.audio) {
    args.push(
      '-map',
      '0:a:0',
      '-ac',
      '1',
      '-f',
      'chromaprint',
      '-fp_format',
      'raw',
      join(outputDir, SOUND_FILE),
    );
  }
  return args;
}

export interface FingerprintOptions {
  input: string;
  info: MediaInfo;
  outputDir: string;
  ffmpegPath?: string;
  signal?: AbortSignal;
}

/** Fingerprints a video's pictures and sound (one ffmpeg run, then the hashes in memory). */
export async function fingerprintVideo(options: FingerprintOptions): Promise<VideoFingerprint> {
  await mkdir(join(options.outputDir, dirname(FRAMES_FILE)), { recursive: true });
  await runFfmpeg({
    ffmpegPath: options.ffmpegPath,
    args: buildFingerprintArgs(options.info, options.input, options.outputDir),
    signal: options.signal,
    cwd: dirname(options.input),
  });
  const pixels = await readFile(join(options.outputDir, FRAMES_FILE));
  const soundPath = join(options.outputDir, SOUND_FILE);
  const sound = existsSync(soundPath) ? parseChromaprint(await readFile(soundPath)) : [];
  const sampleCount = Math.floor(pixels.length / (HASH_SIDE * HASH_SIDE));
  const centres = hashFrames(await readFile(join(options.outputDir, CENTRES_FILE))).frames;
  return { sampleCount, ...hashFrames(pixels), centres, sound };
}

/** The raw chromaprint: little-endian 32-bit words, stored signed. */
export function parseChromaprint(bytes: Buffer): number[] {
  const words: number[] = [];
  for (let at = 0; at + 4 <= bytes.length; at += 4) words.push(bytes.readInt32LE(at));
  return words;
}

/**
 * Hashes each 32×32 grey square of a raw stream, as seen and as in a mirror (the mirrored
 * hashes find mirrored copies: docs/reuploads.md); flat pictures are left out.
 */
export function hashFrames(pixels: Uint8Array): { frames: FrameHash[]; mirrored: FrameHash[] } {
  const size = HASH_SIDE * HASH_SIDE;
  const frames: FrameHash[] = [];
  const mirrored: FrameHash[] = [];
  for (let position = 0; (position + 1) * size <= pixels.length; position++) {
    const square = pixels.subarray(position * size, (position + 1) * size);
    if (standardDeviation(square) < FLAT_STDDEV) continue;
    frames.push({ position, hash: perceptualHash(square, false) });
    mirrored.push({ position, hash: perceptualHash(square, true) });
  }
  return { frames, mirrored };
}

function standardDeviation(values: Uint8Array): number {
  let sum = 0;
  let squares = 0;
  for (const value of values) {
    sum += value;
    squares += value * value;
  }
  const mean = sum / values.length;
  return Math.sqrt(Math.max(0, squares / values.length - mean * mean));
}

const COSINES = (() => {
  const table = new Float64Array(8 * HASH_SIDE);
  for (let k = 0; k < 8; k++) {
    for (let n = 0; n < HASH_SIDE; n++) {
      table[k * HASH_SIDE + n] = Math.cos(((2 * n + 1) * k * Math.PI) / (2 * HASH_SIDE));
    }
  }
  return table;
})();

/**
 * The DCT perceptual hash: the 8×8 lowest frequencies of the square's cosine transform, one
 * bit each for being above their median (the constant term left out of the median). 64 bits
 * as a signed bigint, the way PostgreSQL keeps them.
 */
export function perceptualHash(square: Uint8Array, mirrored: boolean): bigint {
  const side = HASH_SIDE;
  // Rows first: for each row y, its 8 lowest horizontal frequencies.
  const rows = new Float64Array(side * 8);
  for (let y = 0; y < side; y++) {
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let x = 0; x < side; x++) {
        const value = square[y * side + (mirrored ? side - 1 - x : x)]!;
        sum += value * COSINES[u * side + x]!;
      }
      rows[y * 8 + u] = sum;
    }
  }
  const coefficients = new Float64Array(64);
  for (let v = 0; v < 8; v++) {
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let y = 0; y < side; y++) sum += rows[y * 8 + u]! * COSINES[v * side + y]!;
      coefficients[v * 8 + u] = sum;
    }
  }
  const sorted = Array.from(coefficients.subarray(1)).sort((a, b) => a - b);
  const median = (sorted[31]! + sorted[32]!) / 2;
  let hash = 0n;
  for (let index = 0; index < 64; index++) {
    if (coefficients[index]! > median) hash |= 1n << BigInt(index);
  }
  return BigInt.asIntN(64, hash);
}
