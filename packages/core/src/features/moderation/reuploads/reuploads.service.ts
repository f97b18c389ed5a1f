import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../../platform/db/client';
import { videoFingerprints, videoFrameHashes, videos } from '../../../platform/db/schema';
import {
  FINGERPRINT_SAMPLES_PER_SECOND,
  MAX_HAMMING,
  hammingDistance,
  indexBandsOf,
  matchCandidates,
  type CandidateFrame,
  type FrameHash,
  type LookupPictures,
  type MatchedSegment,
  type VideoFingerprint,
} from './fingerprint';

/** Rows written per INSERT statement (three band values, a hash and a colour each). */
const INSERT_CHUNK = 2000;

/**
 * Stores a processed video's fingerprint in place of any earlier one (a retried attempt
 * writes it again). The mirrored hashes are not stored: a lookup mirrors the newcomer.
 */
export async function storeFingerprint(
  db: Database,
  videoId: string,
  fingerprint: Pick<VideoFingerprint, 'sampleCount' | 'frames' | 'centres' | 'sound'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(videoFrameHashes).where(eq(videoFrameHashes.videoId, videoId));
    await tx
      .insert(videoFingerprints)
      .values({ videoId, sampleCount: fingerprint.sampleCount, sound: fingerprint.sound })
      .onConflictDoUpdate({
        target: videoFingerprints.videoId,
        set: { sampleCount: fingerprint.sampleCount, sound: fingerprint.sound },
      });
    const all = [
      ...fingerprint.frames.map((frame) => ({ ...frame, variant: 0 })),
      ...fingerprint.centres.map((frame) => ({ ...frame, variant: 1 })),
    ];
    for (let at = 0; at < all.length; at += INSERT_CHUNK) {
      const rows = all.slice(at, at + INSERT_CHUNK).map((frame) => {
        const [band0, band1, band2] = indexBandsOf(frame.hash);
        return { videoId, ...frame, colour: frame.colour ?? null, band0, band1, band2 };
      });
      await tx.insert(videoFrameHashes).values(rows);
    }
  });
}

export interface LookupOptions {
  /** The newcomer itself, never its own match. */
  videoId?: string;
  /** The uploader: their own videos are not re-uploads (docs/reuploads.md). */
  ownerId?: string;
}

/**
 * Stored videos whose whole fingerprints a lookup reads at most: the ones with the most
 * pictures found by the index. A bound on the work, far above what a real copy needs.
 */
export const MAX_CANDIDATE_VIDEOS = 50;

/**
 * How many of a newcomer's pictures a second ask the band indexes for candidates (the matching
 * then weighs all of them). Five: each stored picture (two a second) has one within 0.1 s,
 * which on the bench finds every copy's original by at least three close pictures; ten a second
 * cost twice the index's reading for no copy more.
 */
export const CANDIDATE_SAMPLES_PER_SECOND = 5;

/**
 * Close pictures (counted once for each band that finds them) a video needs for its whole
 * fingerprint to be read. Of the rows the band indexes find, an unrelated picture is within
 * MAX_HAMMING bits of one of ours about once in 300: a newcomer sampled ten times a second
 * meets a dozen or so such pictures among 24 million, each in a video of its own, and their
 * whole fingerprints were most of a lookup's reading. A copy, which needs MIN_MATCHED_FRAMES
 * (6) to match, is found by many.
 */
export const MIN_CANDIDATE_PICTURES = 2;

/**
 * Step 1: the stored videos with a picture that shares a whole wide band with one of these
 * pictures (the three band indexes) and is within MAX_HAMMING bits of it, most such
 * pictures first. The newcomer and the uploader's own videos are left out.
 */
async function candidateVideos(
  db: Database,
  frames: FrameHash[],
  options: LookupOptions,
): Promise<string[]> {
  if (frames.length === 0) return [];
  const byBand = [
    new Map<number, bigint[]>(),
    new Map<number, bigint[]>(),
    new Map<number, bigint[]>(),
  ];
  for (const frame of frames) {
    indexBandsOf(frame.hash).forEach((value, band) => {
      const list = byBand[band]!.get(value);
      if (list) list.push(frame.hash);
      else byBand[band]!.set(value, [frame.hash]);
    });
  }
  // One index-only scan a band, the three in one statement: a bitmap OR of the three indexes
  // would read each row's table page, scattered over the disk at this size.
  const columns = [videoFrameHashes.band0, videoFrameHashes.band1, videoFrameHashes.band2];
  const [scan0, scan1, scan2] = columns.map((column, band) =>
    db
      .select({
        videoId: videoFrameHashes.videoId,
        hash: videoFrameHashes.hash,
        band: sql<number>`${band}::integer`.as('band'),
        value: sql<number>`${column}`.as('value'),
      })
      .from(videoFrameHashes)
      .where(inArray(column, [...byBand[band]!.keys()])),
  );
  const rows = await unionAll(scan0!, scan1!, scan2!);
  // video -> how many of its stored pictures are close to one of ours (by each band that
  // finds them)
  const close = new Map<string, number>();
  for (const row of rows) {
    if (row.videoId === options.videoId) continue;
    const near = (byBand[Number(row.band)]!.get(Number(row.value)) ?? []).some(
      (hash) => hammingDistance(hash, BigInt(row.hash)) <= MAX_HAMMING,
    );
    if (near) close.set(row.videoId, (close.get(row.videoId) ?? 0) + 1);
  }
  const found = new Map([...close].filter(([, count]) => count >= MIN_CANDIDATE_PICTURES));
  if (found.size === 0) return [];
  let ids = [...found.keys()];
  if (options.ownerId) {
    const others = await db
      .select({ id: videos.id })
      .from(videos)
      .where(and(inArray(videos.id, ids), ne(videos.ownerId, options.ownerId)));
    ids = others.map((row) => row.id);
  }
  return ids.sort((a, b) => found.get(b)! - found.get(a)!).slice(0, MAX_CANDIDATE_VIDEOS);
}

/** Step 2: the candidates' whole fingerprints, read by their key. */
async function fingerprintsOf(db: Database, videoIds: string[]): Promise<CandidateFrame[]> {
  if (videoIds.length === 0) return [];
  return db
    .select({
      videoId: videoFrameHashes.videoId,
      position: videoFrameHashes.position,
      variant: videoFrameHashes.variant,
      hash: videoFrameHashes.hash,
      colour: videoFrameHashes.colour,
    })
    .from(videoFrameHashes)
    .where(inArray(videoFrameHashes.videoId, videoIds));
}

/**
 * The stored videos a fingerprint matches, best first, each with its matched stretch: the
 * pictures as they are and as in a mirror find candidate videos through the band indexes,
 * whose whole fingerprints are then checked bit by bit and for one time offset
 * (docs/reuploads.md). A processed video is looked up by its denser lookup pictures.
 */
export async function findMatches(
  db: Database,
  fingerprint: LookupPictures | Pick<VideoFingerprint, 'lookup'>,
  options: LookupOptions = {},
): Promise<MatchedSegment[]> {
  const query = 'lookup' in fingerprint ? fingerprint.lookup : fingerprint;
  // The index is asked with at most CANDIDATE_SAMPLES_PER_SECOND of the pictures: each stored
  // picture still has one within 0.1 s, and the band scans read half as many rows.
  const rate = query.samplesPerSecond ?? FINGERPRINT_SAMPLES_PER_SECOND;
  const every = Math.max(1, Math.floor(rate / CANDIDATE_SAMPLES_PER_SECOND));
  const asked = [...query.frames, ...query.mirrored].filter(
    (frame) => frame.position % every === 0,
  );
  const candidates = await fingerprintsOf(db, await candidateVideos(db, asked, options));
  const straight = matchCandidates(query.frames, candidates, false, rate, query.sampleCount);
  const mirrored = matchCandidates(query.mirrored, candidates, true, rate, query.sampleCount);
  const best = new Map<string, MatchedSegment>();
  for (const segment of [...straight, ...mirrored]) {
    const known = best.get(segment.videoId);
    if (!known || segment.matchedFrames > known.matchedFrames) best.set(segment.videoId, segment);
  }
  return [...best.values()].sort((a, b) => b.matchedFrames - a.matchedFrames);
}
