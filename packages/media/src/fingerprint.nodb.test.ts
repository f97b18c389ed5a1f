import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  colourDifference,
  hammingDistance,
  matchCandidates,
  MAX_COLOUR_DIFFERENCE,
  MAX_HAMMING,
  type VideoFingerprint,
} from '@cutroom/core/features/moderation/reuploads/fingerprint';
import { runFfmpeg } from './ffmpeg-runner';
import { fingerprintVideo, parseChromaprint, perceptualHash } from './fingerprint';
import { probeMedia } from './probe';

const work = mkdtempSync(join(tmpdir(), 'cutroom-fingerprint-test-'));
afterAll(() => rm(work, { recursive: true, force: true }));

const ffmpeg = (args: string[]) =>
  runFfmpeg({ args: ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...args] });
const encode = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const path = (name: string) => join(work, name);

async function fingerprintOf(name: string): Promise<VideoFingerprint> {
  const input = path(name);
  const info = await probeMedia(input);
  const outputDir = mkdtempSync(join(work, 'fp-'));
  return fingerprintVideo({ input, info, outputDir });
}

/** The original's pictures, as the database would hand them back. */
const stored = (videoId: string, fingerprint: VideoFingerprint) => [
  ...fingerprint.frames.map((frame) => ({ videoId, variant: 0, ...frame })),
  ...fingerprint.centres.map((frame) => ({ videoId, variant: 1, ...frame })),
];

function bestMatch(copy: VideoFingerprint, original: VideoFingerprint) {
  const candidates = stored('original', original);
  const { frames, mirrored, samplesPerSecond, sampleCount } = copy.lookup;
  return [
    ...matchCandidates(frames, candidates, false, samplesPerSecond, sampleCount),
    ...matchCandidates(mirrored, candidates, true, samplesPerSecond, sampleCount),
  ].sort((a, b) => b.matchedFrames - a.matchedFrames)[0];
}

const fingerprints = new Map<string, VideoFingerprint>();

beforeAll(async () => {
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=44100'];
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'mandelbrot=size=320x240:rate=25:start_scale=2:end_scale=0.5',
    ...tone,
    '-t',
    '12',
    ...encode,
    '-c:a',
    'aac',
    path('original.mp4'),
  ]);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'life=size=320x240:rate=25:seed=7:mold=10:life_color=#00ff00',
    '-t',
    '12',
    ...encode,
    path('other.mp4'),
  ]);
  // Lively pictures: life changes wholly within a fifth of a second.
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'life=size=192x144:rate=25:seed=1001:ratio=0.18:mold=1,format=yuv420p',
    '-t',
    '8',
    ...encode,
    path('lively.mp4'),
  ]);
  const from = ['-i', path('original.mp4')];
  const copies: [string, string[]][] = [
    [
      'reencoded.mp4',
      [...from, '-c:v', 'libx264', '-crf', '38', '-preset', 'ultrafast', '-c:a', 'copy'],
    ],
    ['scaled.mp4', [...from, '-vf', 'scale=160:120', ...encode, '-c:a', 'copy']],
    ['cropped.mp4', [...from, '-vf', 'crop=iw*0.9:ih*0.9', ...encode, '-c:a', 'copy']],
    ['trimmed.mp4', ['-ss', '2.3', ...from, '-t', '7', ...encode, '-c:a', 'copy']],
    // Trimmed 0.2 s off the stored samples (two a second).
    ['lively-trimmed.mp4', ['-ss', '1.7', '-i', path('lively.mp4'), '-t', '5', ...encode]],
    ['mirrored.mp4', [...from, '-vf', 'hflip', ...encode, '-c:a', 'copy']],
    // The same grey pictures in other colours: the hue turned half way round.
    ['recoloured.mp4', [...from, '-vf', 'hue=h=180', ...encode, '-c:a', 'copy']],
    [
      'resounded.mp4',
      [
        ...from,
        '-f',
        'lavfi',
        '-i',
        'anoisesrc=seed=3',
        '-map',
        '0:v',
        '-map',
        '1:a',
        '-t',
        '12',
        '-c:v',
        'copy',
        '-c:a',
        'aac',
      ],
    ],
    [
      'inside.mp4',
      [
        '-i',
        path('other.mp4'),
        ...from,
        '-filter_complex',
        '[0:v][1:v]concat=n=2:v=1:a=0[v]',
        '-map',
        '[v]',
        ...encode,
      ],
    ],
  ];
  for (const [name, args] of copies) await ffmpeg([...args, path(name)]);
  for (const name of ['original.mp4', 'other.mp4', 'lively.mp4', ...copies.map(([name]) => name)]) {
    fingerprints.set(name, await fingerprintOf(name));
  }
}, 120_000);

describe('fingerprintVideo', () => {
  it('stores the pictures twice a second, looks up by ten a second, and takes the chromaprint of the sound', () => {
    const original = fingerprints.get('original.mp4')!;
    expect(original.sampleCount).toBe(24);
    expect(original.frames.length).toBeGreaterThan(20);
    expect(original.centres.length).toBeGreaterThan(20);
    const { lookup } = original;
    expect(lookup.samplesPerSecond).toBe(10);
    expect(lookup.frames.length).toBeGreaterThan(100);
    expect(lookup.mirrored).toHaveLength(lookup.frames.length);
    // The stored pictures are every fifth of the lookup's, the centres taken at the same times.
    for (const frame of original.frames) {
      expect(lookup.frames.find((f) => f.position === frame.position * 5)?.hash).toBe(frame.hash);
    }
    // Each picture, centre and mirrored picture has its colour layout.
    for (const frame of [...original.frames, ...original.centres, ...lookup.mirrored]) {
      expect(typeof frame.colour).toBe('bigint');
    }
    for (const frame of original.frames) {
      expect(lookup.frames.find((f) => f.position === frame.position * 5)?.colour).toBe(
        frame.colour,
      );
    }
    expect(original.sound.length).toBeGreaterThan(10);
    expect(fingerprints.get('other.mp4')!.sound).toEqual([]);
  });

  it.each([
    ['reencoded.mp4', false],
    ['scaled.mp4', false],
    ['cropped.mp4', false],
    ['trimmed.mp4', false],
    ['mirrored.mp4', true],
    ['resounded.mp4', false],
  ])('finds the original in %s', (name, mirrored) => {
    const match = bestMatch(fingerprints.get(name)!, fingerprints.get('original.mp4')!);
    expect(match).toMatchObject({ videoId: 'original', mirrored });
  });

  it('finds a lively clip trimmed between the stored samples, at its place', () => {
    const match = bestMatch(
      fingerprints.get('lively-trimmed.mp4')!,
      fingerprints.get('lively.mp4')!,
    );
    expect(match).toMatchObject({ videoId: 'original', mirrored: false });
    expect(match!.matchStart - match!.queryStart).toBeCloseTo(1.7, 0);
  });

  it('names the matched stretch exactly: a copy trimmed to 7 s from 2.3 s is 0–7 s of it and 2.3–9.3 s of the original', () => {
    const match = bestMatch(fingerprints.get('trimmed.mp4')!, fingerprints.get('original.mp4')!);
    expect(match!.queryStart).toBeCloseTo(0, 1);
    expect(match!.queryEnd).toBeCloseTo(7, 1);
    expect(match!.matchStart).toBeCloseTo(2.3, 1);
    expect(match!.matchEnd - match!.matchStart).toBeCloseTo(7, 1);
  });

  it('finds where the original is inside a longer video', () => {
    const match = bestMatch(fingerprints.get('inside.mp4')!, fingerprints.get('original.mp4')!);
    expect(match?.queryStart).toBeGreaterThanOrEqual(11);
    expect(match?.matchStart).toBeLessThanOrEqual(1);
  });

  it("sees a mirrored copy's colours, mirrored back, as the original's", () => {
    const original = fingerprints.get('original.mp4')!;
    const { mirrored } = fingerprints.get('mirrored.mp4')!.lookup;
    const { frames } = fingerprints.get('mirrored.mp4')!.lookup;
    let unlikeAsSeen = 0;
    for (const stored of original.frames) {
      const copy = mirrored.find((f) => f.position === stored.position * 5)!;
      expect(colourDifference(copy.colour, stored.colour)).toBeLessThanOrEqual(
        MAX_COLOUR_DIFFERENCE,
      );
      const seen = frames.find((f) => f.position === stored.position * 5)!;
      if (colourDifference(seen.colour, stored.colour) > MAX_COLOUR_DIFFERENCE) unlikeAsSeen++;
    }
    expect(unlikeAsSeen).toBeGreaterThan(0);
  });

  it('does not match the same grey pictures in other colours', () => {
    const original = fingerprints.get('original.mp4')!;
    const recoloured = fingerprints.get('recoloured.mp4')!;
    // Alike in grey: most stored pictures have a recoloured one within MAX_HAMMING bits.
    const alike = original.frames.filter((stored) =>
      recoloured.lookup.frames.some(
        (f) =>
          f.position === stored.position * 5 && hammingDistance(f.hash, stored.hash) <= MAX_HAMMING,
      ),
    );
    expect(alike.length).toBeGreaterThan(original.frames.length / 2);
    expect(bestMatch(recoloured, original)).toBe(undefined);
  });

  it('does not match a different video', () => {
    expect(bestMatch(fingerprints.get('other.mp4')!, fingerprints.get('original.mp4')!)).toBe(
      undefined,
    );
  });

  it('hashes a picture as in a mirror as the mirrored picture itself', () => {
    const square = new Uint8Array(32 * 32).map((_, i) => (i * 37 + (i >> 5) * 11) % 251);
    const flipped = square.map((_, i) => square[(i & ~31) + 31 - (i & 31)]!);
    expect(perceptualHash(square, true)).toBe(perceptualHash(flipped, false));
  });

  it('hashes a picture and its mirror differently, and reads the chromaprint words', () => {
    const square = new Uint8Array(32 * 32).map((_, i) => (i % 32) * 8);
    expect(
      hammingDistance(perceptualHash(square, false), perceptualHash(square, true)),
    ).toBeGreaterThan(MAX_HAMMING);
    expect(parseChromaprint(Buffer.from([1, 0, 0, 0, 255, 255, 255, 255]))).toEqual([1, -1]);
  });
});
