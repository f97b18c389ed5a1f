/**
 * Video fingerprints and how two are compared (docs/reuploads.md). The pictures are sampled
 * FINGERPRINT_SAMPLES_PER_SECOND times a second and each informative one gets a 64-bit DCT
 * perceptual hash; the sound gets its chromaprint.
 */

export const FINGERPRINT_SAMPLES_PER_SECOND = 2;
/**
 * A newcomer's pictures are sampled this often for its lookup (never stored): every stored
 * sample then has one of the newcomer's within 0.05 s, however the copy was trimmed. A
 * multiple of the stored rate, whose samples are every fifth of these.
 */
export const LOOKUP_SAMPLES_PER_SECOND = 10;
/** Two pictures are the same picture when their hashes differ in at most this many bits. */
export const MAX_HAMMING = 12;
/** Stored pictures that must agree, at one time offset, for a match (3 seconds at 2 a second). */
export const MIN_MATCHED_FRAMES = 6;
/**
 * Two pictures within MAX_HAMMING bits are the same picture only when no quarter's mean U or
 * V differs by more than this (of 255): the grey hash does not see colour, and two different
 * videos can share a composition in grey (docs/reuploads.md, decision 0052).
 */
export const MAX_COLOUR_DIFFERENCE = 16;
/** Offsets this many query samples apart count as one (sampling and decoding land a little off). */
const OFFSET_SLACK = 1;

export interface FrameHash {
  /** Sample number from the start. */
  position: number;
  /** 64 bits, signed as PostgreSQL's bigint. */
  hash: bigint;
  /**
   * Its colour layout (colourOf): the mean chroma of each quarter of the picture. Null for
   * pictures stored before colours were, whose colour is unknown.
   */
  colour?: bigint | null;
}

/** The pictures a lookup is made of: never stored. */
export interface LookupPictures {
  frames: FrameHash[];
  /** The same pictures seen in a mirror. */
  mirrored: FrameHash[];
  /** How often these were sampled: FINGERPRINT_SAMPLES_PER_SECOND when not said. */
  samplesPerSecond?: number;
  /**
   * Pictures sampled, informative or not: the video's length in samples. A matched stretch
   * ends there at the latest (matchCandidates).
   */
  sampleCount?: number;
}

export interface VideoFingerprint {
  /** Pictures sampled, informative or not (FINGERPRINT_SAMPLES_PER_SECOND a second). */
  sampleCount: number;
  /** Stored: the informative pictures, FINGERPRINT_SAMPLES_PER_SECOND a second. */
  frames: FrameHash[];
  /** The centre of each picture, 90 % of each side: stored, so a cropped copy finds it. */
  centres: FrameHash[];
  /** The sound's chromaprint words; empty without sound. */
  sound: number[];
  /** What the video is looked up by: LOOKUP_SAMPLES_PER_SECOND a second, and mirrored. */
  lookup: LookupPictures;
}

/**
 * The four 16-bit quarters of a hash, as keys `quarter * 65536 + value`. Two pictures are
 * compared bit by bit only when they share a whole quarter (matchCandidates): the pairs the
 * lookup has always weighed. Numbers from the two 32-bit halves: a lookup weighs thousands of
 * stored pictures, and bigint shifts and strings cost far more.
 */
function quarterKeys(hash: bigint): [number, number, number, number] {
  const bits = BigInt.asUintN(64, hash);
  const low = Number(bits & 0xffffffffn);
  const high = Number(bits >> 32n);
  return [low & 0xffff, 0x10000 + (low >>> 16), 0x20000 + (high & 0xffff), 0x30000 + (high >>> 16)];
}

/** Bits in each indexed band: 21, 21 and 22, the whole hash (docs/reuploads.md). */
export const INDEX_BAND_BITS = [21, 21, 22] as const;

/**
 * The three wide bands a stored picture is indexed by, bits 0–20, 21–41 and 42–63: wide
 * enough that at 24 million stored pictures a value names a handful of them (a 16-bit
 * quarter would name hundreds). Computed the same way in SQL by the migration and the bench.
 */
export function indexBandsOf(hash: bigint): [number, number, number] {
  const bits = BigInt.asUintN(64, hash);
  let shift = 0n;
  return INDEX_BAND_BITS.map((width) => {
    const value = Number((bits >> shift) & ((1n << BigInt(width)) - 1n));
    shift += BigInt(width);
    return value;
  }) as [number, number, number];
}

/** Bits set in a 32-bit number (the classic SWAR count). */
function bitCount32(n: number): number {
  n -= (n >>> 1) & 0x55555555;
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** In two 32-bit halves: a loop over the bits of a bigint costs a lookup thousands of them. */
export function hammingDistance(a: bigint, b: bigint): number {
  const bits = BigInt.asUintN(64, a ^ b);
  return bitCount32(Number(bits & 0xffffffffn)) + bitCount32(Number(bits >> 32n));
}

/**
 * A picture's colour layout as stored: the mean U of its four quarters (left to right, top
 * to bottom), then their mean V, a byte each, in 64 bits signed as PostgreSQL's bigint.
 */
export function colourOf(chroma: ArrayLike<number>): bigint {
  let colour = 0n;
  for (let cell = 0; cell < 8; cell++) {
    colour |= BigInt(Math.max(0, Math.min(255, Math.round(chroma[cell]!)))) << BigInt(8 * cell);
  }
  return BigInt.asIntN(64, colour);
}

/** A colour layout as seen in a mirror: each row's two quarters change places. */
export function mirroredColour(colour: bigint): bigint {
  const bits = BigInt.asUintN(64, colour);
  const left = 0x00ff00ff00ff00ffn;
  return BigInt.asIntN(64, ((bits & left) << 8n) | ((bits >> 8n) & left));
}

/** The largest difference between the four bytes of two 32-bit numbers. */
function largestByteDifference(p: number, q: number): number {
  let largest = 0;
  for (let shift = 0; shift < 32; shift += 8) {
    largest = Math.max(largest, Math.abs(((p >>> shift) & 0xff) - ((q >>> shift) & 0xff)));
  }
  return largest;
}

/** The largest difference between two layouts' bytes; 0 when either is unknown. */
export function colourDifference(a: bigint | null | undefined, b: bigint | null | undefined) {
  if (a === null || a === undefined || b === null || b === undefined) return 0;
  // In two 32-bit halves, as hammingDistance: bigint work costs a lookup thousands of pairs.
  const x = BigInt.asUintN(64, a);
  const y = BigInt.asUintN(64, b);
  return Math.max(
    largestByteDifference(Number(x & 0xffffffffn), Number(y & 0xffffffffn)),
    largestByteDifference(Number(x >> 32n), Number(y >> 32n)),
  );
}

/** A stored picture found by a band of one of the query's pictures. */
export interface CandidateFrame {
  videoId: string;
  position: number;
  /** 0: the whole picture; 1: its centre. */
  variant: number;
  hash: bigint;
  /** Null for pictures stored before colours were. */
  colour?: bigint | null;
}

/** Where two videos share pictures: the same stretch in each, in seconds. */
export interface MatchedSegment {
  videoId: string;
  mirrored: boolean;
  /** Pictures that agree at this offset. */
  matchedFrames: number;
  /** In the video looked up. */
  queryStart: number;
  queryEnd: number;
  /** In the stored video. */
  matchStart: number;
  matchEnd: number;
}

/**
 * Scores the candidates: a query picture and a stored one agree when their hashes are within
 * MAX_HAMMING bits and their colours within MAX_COLOUR_DIFFERENCE (where both are known); they
 * vote for the time offset between them, and a stored video matches when MIN_MATCHED_FRAMES
 * distinct stored pictures agree on one offset (give or take a query sample). A consistent
 * offset is what tells a copy, or a part of it inside a longer video, from pictures that merely
 * look alike. The query may be sampled more often than the stored pictures (a multiple of
 * FINGERPRINT_SAMPLES_PER_SECOND): offsets are counted in its samples. The best segment per
 * video, best first.
 */
export function matchCandidates(
  query: FrameHash[],
  candidates: CandidateFrame[],
  mirrored: boolean,
  samplesPerSecond = FINGERPRINT_SAMPLES_PER_SECOND,
  /** The query's length in its samples, when known: no stretch ends after it. */
  querySamples?: number,
): MatchedSegment[] {
  // A stored position is `ratio` query samples.
  const ratio = Math.round(samplesPerSecond / FINGERPRINT_SAMPLES_PER_SECOND);
  const byBand = new Map<number, number[]>();
  query.forEach((frame, index) => {
    for (const key of quarterKeys(frame.hash)) {
      const list = byBand.get(key);
      if (list) list.push(index);
      else byBand.set(key, [index]);
    }
  });
  // video -> offset -> stored position -> query position (its closest pair's)
  const votes = new Map<string, Map<number, Map<number, { query: number; distance: number }>>>();
  const metBy = new Int32Array(query.length);
  candidates.forEach((candidate, c) => {
    for (const key of quarterKeys(candidate.hash)) {
      for (const index of byBand.get(key) ?? []) {
        if (metBy[index] === c + 1) continue; // met through another quarter already
        metBy[index] = c + 1;
        const frame = query[index]!;
        const distance = hammingDistance(frame.hash, candidate.hash);
        if (distance > MAX_HAMMING) continue;
        // Alike in grey, unlike in colour: two different pictures. Unknown colour refuses none.
        if (colourDifference(frame.colour, candidate.colour) > MAX_COLOUR_DIFFERENCE) continue;
        const offset = candidate.position * ratio - frame.position;
        let offsets = votes.get(candidate.videoId);
        if (!offsets) votes.set(candidate.videoId, (offsets = new Map()));
        let pairs = offsets.get(offset);
        if (!pairs) offsets.set(offset, (pairs = new Map()));
        const known = pairs.get(candidate.position);
        if (!known || distance < known.distance) {
          pairs.set(candidate.position, { query: frame.position, distance });
        }
      }
    }
  });
  const segments: MatchedSegment[] = [];
  const step = 1 / FINGERPRINT_SAMPLES_PER_SECOND;
  const queried = (position: number) => position / samplesPerSecond;
  const length = querySamples === undefined ? Infinity : queried(querySamples);
  for (const [videoId, offsets] of votes) {
    const around = (offset: number) => {
      const merged = new Map<number, { query: number; distance: number }>();
      for (let near = offset - OFFSET_SLACK; near <= offset + OFFSET_SLACK; near++) {
        for (const [stored, pair] of offsets.get(near) ?? []) {
          const known = merged.get(stored);
          if (!known || pair.distance < known.distance) merged.set(stored, pair);
        }
      }
      return merged;
    };
    // Whether it matches: the most stored pictures at one offset, give or take a sample.
    let matched = 0;
    for (const offset of offsets.keys()) matched = Math.max(matched, around(offset).size);
    if (matched < MIN_MATCHED_FRAMES) continue;
    // Where: slow pictures look alike a second apart, so many offsets gather as many pairs;
    // the copy lies where its pairs are closest (each pair weighs more the fewer bits differ),
    // and its stretch is named from there.
    let bestOffset = 0;
    let bestScore = -Infinity;
    for (const [offset, pairs] of offsets) {
      let score = 0;
      for (const pair of pairs.values()) score += 1 - pair.distance / (MAX_HAMMING + 1);
      if (score > bestScore) {
        bestScore = score;
        bestOffset = offset;
      }
    }
    const queryPositions = [...around(bestOffset).values()].map((pair) => pair.query);
    const queryStart = Math.max(
      0,
      queried(Math.min(...queryPositions)) - (step - 1 / samplesPerSecond),
    );
    const queryEnd = Math.min(length, queried(Math.max(...queryPositions)) + step);
    const shift = queried(bestOffset);
    segments.push({
      videoId,
      mirrored,
      matchedFrames: matched,
      queryStart,
      queryEnd,
      matchStart: Math.max(0, queryStart + shift),
      matchEnd: queryEnd + shift,
    });
  }
  return segments.sort((a, b) => b.matchedFrames - a.matchedFrames);
}
