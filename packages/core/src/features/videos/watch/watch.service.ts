import { createHmac } from 'node:crypto';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import {
  VIDEO_HELD_MESSAGE,
  VIDEO_INACCESSIBLE_MESSAGE,
  VIDEO_MISSING_MESSAGE,
  canManageVideo,
  canOpenVideo,
  onSiteStatus,
} from '../../../access/video-rules';
import { ServiceError } from '../../../kernel/errors/service-error';
import {
  liveStreams,
  users,
  videoLabels,
  videos,
  viewMarks,
  type LabelKind,
  type Video,
} from '../../../platform/db/schema';
import { recordView } from '../../library/history';
import { inTransaction } from '../../../platform/db/unit-of-work';
import type { Call } from '../../../access/call';

/** `/video/{slug}_{id}`: the id is what follows the last underscore. */
export function parseVideoParam(param: string): { slug: string; id: string } | null {
  const decoded = decodeURIComponent(param);
  const at = decoded.lastIndexOf('_');
  const id = at >= 0 ? decoded.slice(at + 1) : decoded;
  if (!/^[A-Za-z0-9]{6,32}$/.test(id)) return null;
  return { slug: at >= 0 ? decoded.slice(0, at) : '', id };
}

export const canonicalVideoPath = (video: Pick<Video, 'slug' | 'id'>) =>
  `/video/${video.slug}_${video.id}`;

export interface WatchPage {
  video: Video;
  uploader: { id: string; username: string; image: string | null };
  labels: Record<LabelKind, string[]>;
  /** The viewer may edit, unpublish or delete it. */
  canManage: boolean;
}

/**
 * A video as its page shows it. Missing: 'This video doesn't exist'. Not published: 'This
 * video is not accessible anymore' to everyone but its owner and admins.
 */
export async function getWatchPage(
  { db, actor, now }: Pick<Call, 'db' | 'actor' | 'now'>,
  id: string,
): Promise<WatchPage> {
  const [row] = await db
    .select({
      video: videos,
      uploader: { id: users.id, username: users.username, image: users.image },
    })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(eq(videos.id, id))
    .limit(1);
  if (!row) throw new ServiceError('not_found', VIDEO_MISSING_MESSAGE);
  const canManage = canManageVideo(actor, row.video);
  // The labels are read beside the access check (one wait for the database, not two).
  const [mayOpen, labelRows] = await Promise.all([
    canManage || canOpenVideo({ db, actor, now }, row.video),
    db
      .select({ kind: videoLabels.kind, name: videoLabels.name })
      .from(videoLabels)
      .where(eq(videoLabels.videoId, id))
      .orderBy(asc(videoLabels.name)),
  ]);
  if (!mayOpen && !(await canOpenLiveBetweenStates({ db, actor, now }, row.video))) {
    throw new ServiceError(
      'unauthenticated',
      row.video.status === 'held' ? VIDEO_HELD_MESSAGE : VIDEO_INACCESSIBLE_MESSAGE,
    );
  }
  const labels: Record<LabelKind, string[]> = { tag: [], music: [], star: [], creator: [] };
  for (const label of labelRows) labels[label.kind].push(label.name);
  return { ...row, labels, canManage };
}

/**
 * A live's page between its states (docs/live.md): its video is `processing` while the live's
 * first seconds are on their way and again from its end until its replay is processed. Its
 * page stays open then to whoever may watch the live by its visibility (as if it were on the
 * site), so a page opened early becomes the live and an ended live's page says its replay is
 * being prepared, rather than "not accessible".
 */
async function canOpenLiveBetweenStates(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  video: Video,
): Promise<boolean> {
  if (video.status !== 'processing') return false;
  const [live] = await ctx.db
    .select({ state: liveStreams.state })
    .from(liveStreams)
    .where(and(eq(liveStreams.videoId, video.id), inArray(liveStreams.state, ['live', 'ended'])))
    .limit(1);
  if (!live) return false;
  return canOpenVideo(ctx, { ...video, status: onSiteStatus(video, ctx.now()) });
}

/**
 * A visitor's viewer key: their connection (the address) and the day, hashed with the site's
 * secret (decision 0017), so the key can be neither reversed nor made again without the secret.
 * The User-Agent is no part of it: a script changing it each request would count each time.
 */
export function visitorKey(secret: string, ip: string, day: string): string {
  const digest = createHmac('sha256', secret).update(`view-visitor:${day}\0${ip}`).digest();
  return `v:${digest.toString('base64url').slice(0, 22)}`;
}

/**
 * Counts a view once per viewer per day (members by account, visitors by connection), adding
 * it to the member's history. Only published and hidden videos count, and only for a viewer who
 * may open them (`canOpenVideo`): 'refused' for a private video played by someone not picked.
 */
export async function countView(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  input: { videoId: string; ip: string; secret: string },
): Promise<'counted' | 'repeat' | 'missing' | 'refused'> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const day = now.toISOString().slice(0, 10);
  const viewerKey = actor ? `u:${actor.id}` : visitorKey(input.secret, input.ip, day);
  return inTransaction({ db }, async ({ db: tx }) => {
    const [video] = await tx
      .select({
        id: videos.id,
        ownerId: videos.ownerId,
        status: videos.status,
        visibility: videos.visibility,
        publishAt: videos.publishAt,
      })
      .from(videos)
      .where(
        and(
          eq(videos.id, input.videoId),
          // Hidden ones count too (an unlisted video played through its link).
          inArray(videos.status, ['published', 'hidden']),
        ),
      )
      .limit(1);
    if (!video) return 'missing';
    if (!(await canOpenVideo({ db: tx, actor, now: () => now }, video))) return 'refused';
    const marked = await tx
      .insert(viewMarks)
      .values({ videoId: input.videoId, viewerKey, day })
      .onConflictDoNothing()
      .returning({ videoId: viewMarks.videoId });
    if (marked.length === 0) return 'repeat';
    await recordView({ db: tx, actor, now: () => now }, input.videoId);
    return 'counted';
  });
}

/** Marks older than yesterday are no longer needed to tell repeat views apart. */
export async function pruneViewMarks(ctx: Pick<Call, 'db'> & Pick<Call, 'now'>): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  const yesterday = new Date(now.getTime() - 24 * 3600 * 1000).toISOString().slice(0, 10);
  await db.delete(viewMarks).where(lt(viewMarks.day, yesterday));
}
