import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  FINGERPRINT_SAMPLES_PER_SECOND,
  LOOKUP_SAMPLES_PER_SECOND,
  colourOf,
  mirroredColour,
  type FrameHash,
  type VideoFingerprint,
} from '@cutroom/core/features/moderation/reuploads/fingerprint';
import { inputArgs } from './container-format';
import { runFfmpeg } from './ffmpeg-runner';
import type { MediaInfo } from './probe';

/** Side of the grey square each sampled picture is scaled to before hashing. */
export const HASH_SIDE = 32;
/**
 * Side of the colour layout taken of each sampled picture beside its grey square: the mean
 * chroma (U and V) of each quarter, which the grey hash does not see (colourOf).
 */
const COLOUR_SIDE = 2;
/** A picture this flat (standard deviation of its grey levels) says nothing: not hashed. */
export const FLAT_STDDEV = 6;

const FRAMES_FILE = 'fingerprint/frames.gray';
const CENTRES_FILE = 'fingerprint/centres.gray';
const FRAME_COLOURS_FILE = 'fingerprint/frames.yuv';
const CENTRE_COLOURS_FILE = 'fingerprint/centres.yuv';
const SOUND_FILE = 'fingerprint/sound.raw';

/** Stored samples are every this many lookup samples. */
const STORED_EVERY = LOOKUP_SAMPLES_PER_SECOND / FINGERPRINT_SAMPLES_PER_SECOND;

/**
 * One cheap ffmpeg run over the source (docs/reuploads.md): the pictures sampled
 * LOOKUP_SAMPLES_PER_SECOND times a second as 32×32 grey squares and 2×2 colour layouts (every
 * fifth of them stored, FINGERPRINT_SAMPLES_PER_SECOND a second), the stored ones' centres
 * (90 % of each side) likewise, and the sound's chromaprint. The decoder skips B-frames and
 * its loop filter: a sample then comes from the nearest other frame, a few hundredths of a
 * second away, and the squares do not need the filter; that halves the decoding
 * (docs/decisions/0044). With `pictures` (a rendition
 * the ladder made, far smaller than the source) the pictures are read from it, and only the
 * sound from the source.
 */
export function buildFingerprintArgs(
  info: MediaInfo,
  input: string,
  outputDir: string,
  pictures?: PictureSource,
): string[] {
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
  const skip = ['-skip_frame', 'bidir', '-skip_loop_filter', 'all'];
  if (pictures) args.push(...skip, ...inputArgs(pictures.path, pictures.demuxer));
  if (!pictures || info.audio) {
    args.push(...(pictures ? [] : skip), ...inputArgs(input, info.demuxer));
  }
  const sound = pictures ? '1:a:0' : '0:a:0';
  const square = `scale=${HASH_SIDE}:${HASH_SIDE}:flags=area,format=gray`;
  const colours = `scale=${COLOUR_SIDE}:${COLOUR_SIDE}:flags=area,format=yuv444p`;
  // Passed through: at the stream's rate the muxer would fill the left-out samples.
  const passthrough = ['-fps_mode', 'passthrough', '-f', 'rawvideo'];
  args.push(
    '-filter_complex',
    `[0:v:0]fps=${LOOKUP_SAMPLES_PER_SECOND},split=3[a][b][c];[a]${square}[whole];` +
      `[c]${colours}[wholecolours];` +
      `[b]select=not(mod(n\\,${STORED_EVERY})),crop=iw*0.9:ih*0.9,split=2[d][e];` +
      `[d]${square}[centre];[e]${colours}[centrecolours]`,
    ...['-map', '[whole]', '-f', 'rawvideo', join(outputDir, FRAMES_FILE)],
    ...['-map', '[wholecolours]', '-f', 'rawvideo', join(outputDir, FRAME_COLOURS_FILE)],
    ...['-map', '[centre]', ...passthrough, join(outputDir, CENTRES_FILE)],
    ...['-map', '[centrecolours]', ...passthrough, join(outputDir, CENTRE_COLOURS_FILE)],
  );
  if (info.audio) {
    args.push(
      '-map',
      sound,
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

/** Where the pictures are read from when not from the source: a rendition's playlist. */
export interface PictureSource {
  path: string;
  /** The demuxer that opens it (`hls` for a rendition's playlist). */
  demuxer: string;
}

export interface FingerprintOptions {
  /** The source: its sound, and its pictures unless `pictures` says otherwise. */
  input: string;
  info: MediaInfo;
  /** The ladder's smallest rendition, when made: its pictures cost far less to decode. */
  pictures?: PictureSource;
  outputDir: string;
  ffmpegPath?: string;
  signal?: AbortSignal;
}

/**
 * Fingerprints a video's pictures and sound (one ffmpeg run, then the hashes in memory): the
 * stored pictures are every fifth of the lookup's.
 */
export async function fingerprintVideo(options: FingerprintOptions): Promise<VideoFingerprint> {
  await mkdir(join(options.outputDir, dirname(FRAMES_FILE)), { recursive: true });
  await runFfmpeg({
    ffmpegPath: options.ffmpegPath,
    args: buildFingerprintArgs(options.info, options.input, options.outputDir, options.pictures),
    signal: options.signal,
    cwd: dirname(options.input),
  });
  const pixels = await readFile(join(options.outputDir, FRAMES_FILE));
  const soundPath = join(options.outputDir, SOUND_FILE);
  const sound = existsSync(soundPath) ? parseChromaprint(await readFile(soundPath)) : [];
  const sampleCount = Math.ceil(Math.floor(pixels.length / (HASH_SIDE * HASH_SIDE)) / STORED_EVERY);
  const lookup = hashFrames(pixels, await readFile(join(options.outputDir, FRAME_COLOURS_FILE)));
  const frames = lookup.frames
    .filter((frame) => frame.position % STORED_EVERY === 0)
    .map((frame) => ({ ...frame, position: frame.position / STORED_EVERY }));
  const centres = hashFrames(
    await readFile(join(options.outputDir, CENTRES_FILE)),
    await readFile(join(options.outputDir, CENTRE_COLOURS_FILE)),
  ).frames;
  return {
    sampleCount,
    frames,
    centres,
    sound,
    lookup: {
      ...lookup,
      samplesPerSecond: LOOKUP_SAMPLES_PER_SECOND,
      sampleCount: Math.floor(pixels.length / (HASH_SIDE * HASH_SIDE)),
    },
  };
}

/** The raw chromaprint: little-endian 32-bit words, stored signed. */
export function parseChromaprint(bytes: Buffer): number[] {
  const words: number[] = [];
  for (let at = 0; at + 4 <= bytes.length; at += 4) words.push(bytes.readInt32LE(at));
  return words;
}

/**
 * Hashes each 32×32 grey square of a raw stream, as seen and as in a mirror (the mirrored
 * hashes find mirrored copies: docs/reuploads.md), each with its colour layout from the same
 * picture of `colours` (2×2 planar YUV 4:4:4, mirrored likewise); flat pictures are left out.
 */
export function hashFrames(
  pixels: Uint8Array,
  colours?: Uint8Array,
): { frames: FrameHash[]; mirrored: FrameHash[] } {
  const size = HASH_SIDE * HASH_SIDE;
  const cells = COLOUR_SIDE * COLOUR_SIDE;
  const frames: FrameHash[] = [];
  const mirrored: FrameHash[] = [];
  for (let position = 0; (position + 1) * size <= pixels.length; position++) {
    const square = pixels.subarray(position * size, (position + 1) * size);
    if (standardDeviation(square) < FLAT_STDDEV) continue;
    const coefficients = lowFrequencies(square);
    const yuv = colours?.subarray(position * 3 * cells, (position + 1) * 3 * cells);
    // The chroma planes only: brightness is the grey hash's.
    const colour = yuv?.length === 3 * cells ? colourOf(yuv.subarray(cells)) : null;
    frames.push({ position, hash: hashOf(coefficients, false), colour });
    mirrored.push({
      position,
      hash: hashOf(coefficients, true),
      colour: colour === null ? null : mirroredColour(colour),
    });
  }
  return { frames, mirrored };
}

export function standardDeviation(values: Uint8Array): number {
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

/** The 8×8 lowest frequencies of the square's cosine transform, row by row (v, then u). */
function lowFrequencies(square: Uint8Array): Float64Array {
  const side = HASH_SIDE;
  // Rows first: for each row y, its 8 lowest horizontal frequencies.
  const rows = new Float64Array(side * 8);
  for (let y = 0; y < side; y++) {
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let x = 0; x < side; x++) sum += square[y * side + x]! * COSINES[u * side + x]!;
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
  return coefficients;
}

/**
 * One bit for each coefficient above their median (the constant term left out of the
 * median), 64 bits as a signed bigint, the way PostgreSQL keeps them. In a mirror each odd
 * horizontal frequency changes sign, so the mirrored hash needs no second transform.
 */
function hashOf(transform: Float64Array, mirrored: boolean): bigint {
  const coefficients = mirrored
    ? transform.map((value, index) => (index % 2 === 1 ? -value : value))
    : transform;
  const sorted = Array.from(coefficients.subarray(1)).sort((a, b) => a - b);
  const median = (sorted[31]! + sorted[32]!) / 2;
  let hash = 0n;
  for (let index = 0; index < 64; index++) {
    if (coefficients[index]! > median) hash |= 1n << BigInt(index);
  }
  return BigInt.asIntN(64, hash);
}

/** The DCT perceptual hash of a 32×32 grey square, as seen or as in a mirror. */
export function perceptualHash(square: Uint8Array, mirrored: boolean): bigint {
  return hashOf(lowFrequencies(square), mirrored);
}
