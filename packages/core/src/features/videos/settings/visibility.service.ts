import { and, asc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Listings } from '../../../platform/cache/listing-cache';
import type { Database } from '../../../platform/db/client';
import {
  liveStreams,
  users,
  videos,
  videoViewers,
  type Video,
  type VideoVisibility,
} from '../../../platform/db/schema';
import { defineJob } from '../../../platform/jobs/job-definitions';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import type { Logger } from '../../../platform/logging/logger';
import { notifyVideoPublished, type NotificationSink } from '../../people/notifications';
import type { ProcessingEvents } from '../../../platform/events/processing-events';
import { loadManagedVideo } from '../input';
import { z } from 'zod';
import { onSiteStatus, onSiteStatusSql } from '../../../access/video-rules';
import { inTransaction, unitOf } from '../../../platform/db/unit-of-work';
import {
  dropVideoPassword,
  hashVideoPassword,
  hasVideoPassword,
  storeVideoPassword,
  VIDEO_PASSWORD_MESSAGES,
} from './video-password.service';
import type { Call } from '../../../access/call';

export { onSiteStatus, onSiteStatusSql };
export { canOpenVideo } from '../../../access/video-rules';

/** The most members a private video may be shared with. */
export const MAX_VIDEO_VIEWERS = 100;

export const VISIBILITY_MESSAGES = {
  pastSchedule: 'publishAt: must be in the future',
  // A sentence of its own beside the field (it starts with a capital: not joined to the label).
  unknownViewer: (name: string) => `viewers: There is no member called "${name}"`,
  tooManyViewers: `viewers: at most ${MAX_VIDEO_VIEWERS} people`,
  livePassword: 'visibility: a live cannot have a password: make it public, unlisted or private',
} as const;

/** A live on air or scheduled (its recording, once ended, is a video as any other). */
async function isLiveVideo(db: Database, videoId: string): Promise<boolean> {
  const [row] = await db
    .select({ videoId: liveStreams.videoId })
    .from(liveStreams)
    .where(and(eq(liveStreams.videoId, videoId), ne(liveStreams.state, 'ended')))
    .limit(1);
  return Boolean(row);
}

/** Publishes the scheduled videos whose time has come (a sweep: one job does them all). */
export const publishScheduledJob = defineJob({
  name: 'video.publish-scheduled',
  schema: z.object({}),
  settings: { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 300, heartbeatSeconds: 0 },
});

export interface VisibilityContext {
  db: Database;
  listings: Listings;
  /** To wake the publisher at a scheduled time; without it the minute sweep does. */
  queue?: JobQueue;
  /** Where the change is announced to every node (a live's event stream, media marks). */
  events?: ProcessingEvents;
}

export interface VisibilityInput {
  _id: string;
  visibility: VideoVisibility;
  /** Usernames who may open a private video; given, they replace the list. */
  viewers?: string[];
  /** When it goes out; null clears a schedule; left out keeps it. */
  publishAt?: Date | null;
  /** A password video's (new) password; left out keeps the one it has. Never answered back. */
  password?: string;
}

/** What the owner's settings show of a video's visibility. */
export interface VisibilitySettings {
  visibility: VideoVisibility;
  publishAt: string | null;
  viewers: string[];
  status: Video['status'];
  /** Whether a password is set (the password itself is never answered). */
  hasPassword: boolean;
}

export async function listVideoViewers(db: Database, videoId: string): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(videoViewers)
    .innerJoin(users, eq(users.id, videoViewers.userId))
    .where(eq(videoViewers.videoId, videoId))
    .orderBy(asc(users.username));
  return rows.map((row) => row.username);
}

export async function readVisibility(db: Database, video: Video): Promise<VisibilitySettings> {
  return {
    visibility: video.visibility,
    publishAt: video.publishAt?.toISOString() ?? null,
    viewers: await listVideoViewers(db, video.id),
    status: video.status,
    hasPassword: video.visibility === 'password' && (await hasVideoPassword(db, video.id)),
  };
}

/**
 * Sets who may open a video and when it goes out. A video on the site moves between
 * 'published' and 'hidden' at once (and out of or into every listing); one still processing
 * takes the choice when it is published. A scheduled time wakes the publisher then.
 */
export async function setVisibility(
  ctx: VisibilityContext & Pick<Call, 'actor'> & Pick<Call, 'now'>,
  input: VisibilityInput,
): Promise<VisibilitySettings> {
  const now = ctx.now();
  const current = await loadManagedVideo(ctx, input._id);
  if (input.visibility === 'password' && (await isLiveVideo(ctx.db, current.id))) {
    throw new ServiceError('invalid', VISIBILITY_MESSAGES.livePassword);
  }
  if (input.publishAt && input.publishAt <= now) {
    throw new ServiceError('invalid', VISIBILITY_MESSAGES.pastSchedule);
  }
  let viewerIds: string[] | null = null;
  if (input.viewers) {
    const names = [...new Set(input.viewers.map((name) => name.trim().toLowerCase()))].filter(
      Boolean,
    );
    if (names.length > MAX_VIDEO_VIEWERS) {
      throw new ServiceError('invalid', VISIBILITY_MESSAGES.tooManyViewers);
    }
    const found =
      names.length > 0
        ? await ctx.db
            .select({ id: users.id, username: users.username })
            .from(users)
            .where(inArray(sql`lower(${users.username})`, names))
        : [];
    const known = new Set(found.map((user) => user.username.toLowerCase()));
    const missing = names.find((name) => !known.has(name));
    if (missing) throw new ServiceError('invalid', VISIBILITY_MESSAGES.unknownViewer(missing));
    viewerIds = found.map((user) => user.id).filter((id) => id !== current.ownerId);
  }
  let passwordHash: string | null = null;
  if (input.visibility === 'password') {
    if (input.password) passwordHash = await hashVideoPassword(input.password);
    else if (!(await hasVideoPassword(ctx.db, current.id))) {
      throw new ServiceError('invalid', VIDEO_PASSWORD_MESSAGES.missingForVisibility);
    }
  }
  const publishAt = input.publishAt === undefined ? current.publishAt : input.publishAt;
  const onSite = current.status === 'published' || current.status === 'hidden';
  const status = onSite
    ? onSiteStatus({ visibility: input.visibility, publishAt }, now)
    : current.status;
  const video = await inTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx
      .update(videos)
      .set({
        visibility: input.visibility,
        publishAt,
        status,
        // Going out for the first time: from now.
        ...(status === 'published' && current.status !== 'published' && publishAt === null
          ? { publishedAt: current.publishedAt ?? now }
          : {}),
        updatedAt: now,
      })
      .where(eq(videos.id, current.id))
      .returning();
    if (passwordHash)
      await storeVideoPassword({ db: tx, now: () => now }, current.id, passwordHash);
    else if (input.visibility !== 'password') await dropVideoPassword(tx, current.id);
    if (viewerIds) {
      await tx.delete(videoViewers).where(eq(videoViewers.videoId, current.id));
      if (viewerIds.length > 0) {
        await tx
          .insert(videoViewers)
          .values(viewerIds.map((userId) => ({ videoId: current.id, userId })));
      }
    }
    return row!;
  });
  if (publishAt && ctx.queue) {
    await ctx.queue.send(publishScheduledJob, {}, { startAt: publishAt }).catch(() => undefined);
  }
  // Pages, listings and media marks everywhere, at once (docs/security.md, "Media").
  await ctx.listings.invalidate();
  ctx.events?.publish({ type: 'access', videoId: video.id, ownerId: video.ownerId });
  return readVisibility(ctx.db, video);
}

export interface ScheduledPublishContext {
  db: Database;
  events: ProcessingEvents;
  queue: JobQueue;
  listings?: Listings;
}

/**
 * Publishes every video on the site whose publish time has come: public ones become
 * 'published' (listed, dated now) and the owner's subscribers hear of them; unlisted and
 * private ones open to their link or their people. Answers the ids made public.
 */
export async function publishDueVideos(
  ctx: ScheduledPublishContext & Pick<Call, 'now'>,
): Promise<string[]> {
  const now = ctx.now();
  const due = and(
    isNotNull(videos.publishAt),
    lte(videos.publishAt, now),
    inArray(videos.status, ['hidden', 'published']),
  );
  const rows = await ctx.db
    .update(videos)
    .set({
      status: sql`${onSiteStatusSql(now)}`,
      publishAt: null,
      publishedAt: now,
      updatedAt: now,
    })
    .where(due)
    .returning({
      id: videos.id,
      ownerId: videos.ownerId,
      title: videos.title,
      status: videos.status,
    });
  const published = rows.filter((row) => row.status === 'published');
  for (const row of published) {
    ctx.events.publish({ type: 'published', videoId: row.id, ownerId: row.ownerId });
    await notifyVideoPublished(
      { ...unitOf(ctx), now: () => now },
      { events: ctx.events, queue: ctx.queue } satisfies NotificationSink,
      row,
      { owner: false, subscribers: true },
    ).catch(() => undefined);
  }
  if (rows.length > 0) await ctx.listings?.invalidate();
  return published.map((row) => row.id);
}

/** Works the scheduled publisher in this process: woken at each schedule, and every minute. */
export async function startScheduledPublishing(
  ctx: ScheduledPublishContext & { log: Logger },
): Promise<{ stop(): Promise<void> }> {
  const { queue, log } = ctx;
  await queue.ensureQueue(publishScheduledJob);
  await queue.work(publishScheduledJob, { batchSize: 1 }, async () => {
    const published = await publishDueVideos({ ...ctx, now: () => new Date() });
    if (published.length > 0) log.info({ published }, 'scheduled videos published');
  });
  await queue.boss.schedule(publishScheduledJob.name, '* * * * *', {});
  return {
    async stop() {
      await queue.offWork(publishScheduledJob, { wait: true });
    },
  };
}
