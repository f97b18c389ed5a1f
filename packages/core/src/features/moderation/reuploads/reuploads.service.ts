import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import { videoFingerprints, videoFrameHashes, videos } from '../../../platform/db/schema';
import {
  bandsOf,
  matchCandidates,
  type CandidateFrame,
  type FrameHash,
  type MatchedSegment,
  type VideoFingerprint,
} from './fingerprint';

/** Rows written per INSERT statement (four band values and a hash each). */
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
        const [band0, band1, band2, band3] = bandsOf(frame.hash);
        return { videoId, ...frame, band0, band1, band2, band3 };
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

/** Candidates whose any band equals a band of one of these pictures (the four band indexes). */
async function candidatesFor(
  db: Database,
  frames: FrameHash[],
  options: LookupOptions,
): Promise<CandidateFrame[]> {
  if (frames.length === 0) return [];
  const bands: Set<number>[] = [new Set(), new Set(), new Set(), new Set()];
  for (const frame of frames) bandsOf(frame.hash).forEach((value, band) => bands[band]!.add(value));
  const values = bands.map((set) => [...set]);
  const conditions = [
    or(
      inArray(videoFrameHashes.band0, values[0]!),
      inArray(videoFrameHashes.band1, values[1]!),
      inArray(videoFrameHashes.band2, values[2]!),
      inArray(videoFrameHashes.band3, values[3]!),
    ),
  ];
  if (options.videoId) conditions.push(ne(videoFrameHashes.videoId, options.videoId));
  if (options.ownerId) {
    conditions.push(
      sql`not exists (select 1 from ${videos} where ${videos.id} = ${videoFrameHashes.videoId} and ${videos.ownerId} = ${options.ownerId})`,
    );
  }
  return db
    .select({
      videoId: videoFrameHashes.videoId,
      position: videoFrameHashes.position,
      variant: videoFrameHashes.variant,
      hash: videoFrameHashes.hash,
    })
    .from(videoFrameHashes)
    .where(and(...conditions));
}

/**
 * The stored videos a fingerprint matches, best first, each with its matched stretch: the
 * pictures as they are and as in a mirror are looked up through the band indexes, then
 * checked bit by bit and for one time offset (docs/reuploads.md).
 */
export async function findMatches(
  db: Database,
  fingerprint: Pick<VideoFingerprint, 'frames' | 'mirrored'>,
  options: LookupOptions = {},
): Promise<MatchedSegment[]> {
  const straight = matchCandidates(
    fingerprint.frames,
    await candidatesFor(db, fingerprint.frames, options),
    false,
  );
  const mirrored = matchCandidates(
    fingerprint.mirrored,
    await candidatesFor(db, fingerprint.mirrored, options),
    true,
  );
  const best = new Map<string, MatchedSegment>();
  for (const segment of [...straight, ...mirrored]) {
    const known = best.get(segment.videoId);
    if (!known || segment.matchedFrames > known.matchedFrames) best.set(segment.videoId, segment);
  }
  return [...best.values()].sort((a, b) => b.matchedFrames - a.matchedFrames);
}
