import { inArray, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import { reuploadHolds, videos, type ReuploadMatch } from '../../../platform/db/schema';
import type { Actor } from '../../../access/actor';
import type { Call } from '../../../access/call';
import { canOpenVideo } from '../../../access/video-rules';

// Matches form a lineage (docs/reuploads.md): a video held as a copy stays a copy of its
// original even once staff publish it, a refused copy matches nothing, and the owner of an
// original is never held against copies of her own work.

/** What a processed upload is held against; null when it is published as always. */
export interface HeldAgainst {
  /** The earliest original the matches lead to: what staff compare the upload with. */
  originalVideoId: string;
  /** The matches kept, the original's own first, then best first. */
  matches: ReuploadMatch[];
  /** Every original the kept matches lead to (their owners are told), earliest first. */
  originalIds: string[];
}

/**
 * Weighs a lookup's matches by lineage: each matched video stands for its original (itself,
 * unless it was held as a copy: then the original it was held against); refused copies are
 * left out, and so is every match whose original belongs to the uploader. What is left holds
 * the upload against the earliest of those originals; nothing left: not a re-upload.
 */
export async function holdAgainst(
  db: Database,
  matches: readonly ReuploadMatch[],
  uploaderId: string,
): Promise<HeldAgainst | null> {
  if (matches.length === 0) return null;
  const matched = await db
    .select({
      id: videos.id,
      ownerId: videos.ownerId,
      createdAt: videos.createdAt,
      state: reuploadHolds.state,
      originalVideoId: reuploadHolds.originalVideoId,
      matchedVideoId: reuploadHolds.matchedVideoId,
    })
    .from(videos)
    .leftJoin(reuploadHolds, eq(reuploadHolds.videoId, videos.id))
    .where(
      inArray(
        videos.id,
        matches.map((match) => match.videoId),
      ),
    );
  const byId = new Map(matched.map((row) => [row.id, row]));
  const rootOf = new Map<string, string>();
  for (const row of matched) {
    if (row.state === 'rejected') continue; // a refused copy matches nothing
    rootOf.set(row.id, row.state ? (row.originalVideoId ?? row.matchedVideoId ?? row.id) : row.id);
  }
  const missing = [...new Set(rootOf.values())].filter((id) => !byId.has(id));
  const roots =
    missing.length === 0
      ? []
      : await db
          .select({ id: videos.id, ownerId: videos.ownerId, createdAt: videos.createdAt })
          .from(videos)
          .where(inArray(videos.id, missing));
  const rootRows = new Map([...matched, ...roots].map((row) => [row.id, row]));
  const kept = matches.filter((match) => {
    const root = rootRows.get(rootOf.get(match.videoId) ?? '');
    const own = byId.get(match.videoId);
    return root && own && root.ownerId !== uploaderId && own.ownerId !== uploaderId;
  });
  if (kept.length === 0) return null;
  const originalIds = [...new Set(kept.map((match) => rootOf.get(match.videoId)!))].sort(
    (a, b) =>
      rootRows.get(a)!.createdAt.getTime() - rootRows.get(b)!.createdAt.getTime() ||
      a.localeCompare(b),
  );
  const originalVideoId = originalIds[0]!;
  const ordered = [...kept].sort(
    (a, b) =>
      Number(b.videoId === originalVideoId) - Number(a.videoId === originalVideoId) ||
      b.matchedFrames - a.matchedFrames,
  );
  return { originalVideoId, matches: ordered, originalIds };
}

/**
 * Which of these videos `viewer` may open (canOpenVideo): a held upload's page, notice and
 * e-mail name only those; any other is "a private video", by neither title nor id. Staff and
 * owners open everything of theirs.
 */
export async function openableVideoIds(
  ctx: Pick<Call, 'db' | 'now'>,
  viewer: Pick<Actor, 'id' | 'role'> | null,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db
    .select({
      id: videos.id,
      ownerId: videos.ownerId,
      status: videos.status,
      visibility: videos.visibility,
      publishAt: videos.publishAt,
    })
    .from(videos)
    .where(inArray(videos.id, [...ids]));
  const open = await Promise.all(
    rows.map(async (row) => ((await canOpenVideo({ ...ctx, actor: viewer }, row)) ? row.id : null)),
  );
  return new Set(open.filter((id): id is string => id !== null));
}
