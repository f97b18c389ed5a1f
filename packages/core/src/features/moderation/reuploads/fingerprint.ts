/**
 * Video fingerprints and how two are compared (docs/reuploads.md). The pictures are sampled
 * FINGERPRINT_SAMPLES_PER_SECOND times a second and each informative one gets a 64-bit DCT
 * perceptual hash; the sound gets its chromaprint.
 */

export const FINGERPRINT_SAMPLES_PER_SECOND = 2;
/** Two pictures are the same picture when their hashes differ in at most this many bits. */
export const MAX_HAMMING = 12;
/** Pictures that must agree, at one time offset, for a match (3 seconds at 2 a second). */
export const MIN_MATCHED_FRAMES = 6;
/** Offsets this many samples apart count as one (a trimmed copy samples between ours). */
const OFFSET_SLACK = 1;

export interface FrameHash {
  /** Sample number from the start. */
  position: number;
  /** 64 bits, signed as PostgreSQL's bigint. */
  hash: bigint;
}

export interface VideoFingerprint {
  /** Pictures sampled, informative or not. */
  sampleCount: number;
  frames: FrameHash[];
  /** The centre of each picture, 90 % of each side: stored, so a cropped copy finds it. */
  centres: FrameHash[];
  /** The same pictures seen in a mirror: looked up, never stored. */
  mirrored: FrameHash[];
  /** The sound's chromaprint words; empty without sound. */
  sound: number[];
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

/** A stored picture found by a band of one of the query's pictures. */
export interface CandidateFrame {
  videoId: string;
  position: number;
  /** 0: the whole picture; 1: its centre. */
  variant: number;
  hash: bigint;
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
 * MAX_HAMMING bits; they vote for the time offset between them, and a stored video matches
 * when MIN_MATCHED_FRAMES distinct query pictures vote for one offset (give or take a
 * sample). A consistent offset is what tells a copy, or a part of it inside a longer video,
 * from pictures that merely look alike. The best segment per video, best first.
 */
export function matchCandidates(
  query: FrameHash[],
  candidates: CandidateFrame[],
  mirrored: boolean,
): MatchedSegment[] {
  const byBand = new Map<number, FrameHash[]>();
  for (const frame of query) {
    for (const key of quarterKeys(frame.hash)) {
      const list = byBand.get(key);
      if (list) list.push(frame);
      else byBand.set(key, [frame]);
    }
  }
  // video -> offset -> query position -> stored position
  const votes = new Map<string, Map<number, Map<number, number>>>();
  const seen = new Set<string>();
  for (const candidate of candidates) {
    for (const key of quarterKeys(candidate.hash)) {
      for (const frame of byBand.get(key) ?? []) {
        const pair = `${candidate.videoId}:${candidate.position}:${candidate.variant}:${frame.position}`;
        if (seen.has(pair)) continue;
        seen.add(pair);
        if (hammingDistance(frame.hash, candidate.hash) > MAX_HAMMING) continue;
        const offset = candidate.position - frame.position;
        let offsets = votes.get(candidate.videoId);
        if (!offsets) votes.set(candidate.videoId, (offsets = new Map()));
        let pairs = offsets.get(offset);
        if (!pairs) offsets.set(offset, (pairs = new Map()));
        pairs.set(frame.position, candidate.position);
      }
    }
  }
  const segments: MatchedSegment[] = [];
  for (const [videoId, offsets] of votes) {
    let best: Map<number, number> | null = null;
    for (const offset of offsets.keys()) {
      const merged = new Map<number, number>();
      for (let near = offset - OFFSET_SLACK; near <= offset + OFFSET_SLACK; near++) {
        for (const [q, s] of offsets.get(near) ?? []) if (!merged.has(q)) merged.set(q, s);
      }
      if (!best || merged.size > best.size) best = merged;
    }
    if (!best || best.size < MIN_MATCHED_FRAMES) continue;
    const queryPositions = [...best.keys()];
    const storedPositions = [...best.values()];
    const seconds = (position: number) => position / FINGERPRINT_SAMPLES_PER_SECOND;
    segments.push({
      videoId,
      mirrored,
      matchedFrames: best.size,
      queryStart: seconds(Math.min(...queryPositions)),
      queryEnd: seconds(Math.max(...queryPositions) + 1),
      matchStart: seconds(Math.min(...storedPositions)),
      matchEnd: seconds(Math.max(...storedPositions) + 1),
    });
  }
  return segments.sort((a, b) => b.matchedFrames - a.matchedFrames);
}
