import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Listings } from '../../../platform/cache/listing-cache';
import type { Database } from '../../../platform/db/client';
import { videoSubtitles } from '../../../platform/db/schema';
import type { Storage } from '../../../platform/storage/storage';
import { loadManagedVideo } from '../input';
import { SubtitleFormatError, toCleanVtt } from './subtitle-format';
import type { Call } from '../../../access/call';

/** The largest subtitle file an owner may upload. */
export const MAX_SUBTITLE_BYTES = 512 * 1024;
/** Tracks one video may have (one a language). */
export const MAX_SUBTITLE_TRACKS = 20;

export const SUBTITLE_MESSAGES = {
  notProcessed: 'This video is still processing: add subtitles once it is',
  tooMany: `language: a video may have at most ${MAX_SUBTITLE_TRACKS} subtitle tracks`,
  missing: 'language: this video has no subtitles in that language',
  bad: (why: string) => `file: ${why}`,
} as const;

export interface SubtitleTrackInfo {
  language: string;
  label: string;
  url: string;
}

export interface SubtitleContext {
  db: Database;
  storage: Storage;
  listings: Listings;
  now: () => Date;
}

/** A video's tracks for its player, by language. */
export async function listSubtitles(
  db: Database,
  storage: Storage,
  videoId: string,
): Promise<SubtitleTrackInfo[]> {
  const rows = await db
    .select()
    .from(videoSubtitles)
    .where(eq(videoSubtitles.videoId, videoId))
    .orderBy(asc(videoSubtitles.label));
  return rows.map((row) => ({
    language: row.language,
    label: row.label,
    url: storage.publicUrl(row.key),
  }));
}

/**
 * Adds (or replaces) the track of a language: the file (WebVTT or SRT) is read, its cue text
 * made plain text, and stored as a clean WebVTT under a fresh key in the video's media folder.
 */
export async function addSubtitles(
  ctx: SubtitleContext & Pick<Call, 'actor'>,
  input: { _id: string; language: string; label: string; file: string },
): Promise<SubtitleTrackInfo[]> {
  const video = await loadManagedVideo(ctx, input._id);
  if (!video.mediaPrefix) throw new ServiceError('conflict', SUBTITLE_MESSAGES.notProcessed);
  let vtt: string;
  try {
    vtt = toCleanVtt(input.file);
  } catch (error) {
    if (error instanceof SubtitleFormatError) {
      throw new ServiceError('invalid', SUBTITLE_MESSAGES.bad(error.message));
    }
    throw error;
  }
  const existing = await ctx.db
    .select()
    .from(videoSubtitles)
    .where(eq(videoSubtitles.videoId, video.id));
  const previous = existing.find((row) => row.language === input.language);
  if (!previous && existing.length >= MAX_SUBTITLE_TRACKS) {
    throw new ServiceError('invalid', SUBTITLE_MESSAGES.tooMany);
  }
  const key = `${video.mediaPrefix}subtitles/${input.language}-${randomBytes(6).toString('hex')}.vtt`;
  await ctx.storage.putBytes(key, vtt, { contentType: 'text/vtt; charset=utf-8' });
  await ctx.db
    .insert(videoSubtitles)
    .values({ videoId: video.id, language: input.language, label: input.label, key })
    .onConflictDoUpdate({
      target: [videoSubtitles.videoId, videoSubtitles.language],
      set: { label: input.label, key, createdAt: ctx.now() },
    });
  if (previous) await ctx.storage.deleteObject(previous.key).catch(() => undefined);
  // The video's cached pages list the tracks.
  await ctx.listings.invalidate();
  return listSubtitles(ctx.db, ctx.storage, video.id);
}

/** Removes the track of a language and its file. */
export async function deleteSubtitles(
  ctx: SubtitleContext & Pick<Call, 'actor'>,
  input: { _id: string; language: string },
): Promise<SubtitleTrackInfo[]> {
  const video = await loadManagedVideo(ctx, input._id);
  const [removed] = await ctx.db
    .delete(videoSubtitles)
    .where(and(eq(videoSubtitles.videoId, video.id), eq(videoSubtitles.language, input.language)))
    .returning();
  if (!removed) throw new ServiceError('not_found', SUBTITLE_MESSAGES.missing);
  await ctx.storage.deleteObject(removed.key).catch(() => undefined);
  await ctx.listings.invalidate();
  return listSubtitles(ctx.db, ctx.storage, video.id);
}
