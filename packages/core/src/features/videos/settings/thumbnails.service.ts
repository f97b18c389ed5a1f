import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Listings } from '../../../platform/cache/listing-cache';
import type { Database } from '../../../platform/db/client';
import { videos, type Video } from '../../../platform/db/schema';
import { imageDemuxer, runFfmpeg } from '../../people/profiles';
import type { Storage } from '../../../platform/storage/storage';
import { loadManagedVideo } from '../input';
import type { Call } from '../../../access/call';

/** The largest poster image an owner may upload. */
export const MAX_POSTER_BYTES = 5 * 1024 * 1024;
/** Posters are at most this many pixels a side (as the worker makes them). */
const POSTER_MAX_SIDE = 1280;

export const THUMBNAIL_MESSAGES = {
  notProcessed: 'This video has no poster yet: wait until it is processed',
  noFrame: 'frame: this video has no such frame',
  notImage: 'image: must be a JPEG, PNG or WebP picture',
  tooLarge: 'image: may be at most 5 MB',
} as const;

/** The uploaded formats a poster may come from (ffmpeg demuxer names). */
const POSTER_DEMUXERS = new Set(['jpeg_pipe', 'png_pipe', 'webp_pipe']);

export interface ThumbnailContext {
  db: Database;
  storage: Storage;
  listings: Listings;
  ffmpegPath: string;
  now: () => Date;
}

/**
 * ffmpeg arguments: the first frame of an image, scaled to fit 1280 pixels a side (never
 * enlarged, even sides), as the poster's JPEG and WebP, metadata dropped. The input is read
 * with the named demuxer and the `file` protocol only, as the rest of the media code does.
 */
export function posterImageArgs(input: string, outputDir: string, demuxer: string): string[] {
  const fit = `scale=w='min(${POSTER_MAX_SIDE},iw)':h='min(${POSTER_MAX_SIDE},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2,setsar=1`;
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
    ...['-protocol_whitelist', 'file', '-f', demuxer, '-i', input],
    ...['-filter_complex', `[0:v]${fit},split=2[jpg][webp]`, '-map_metadata', '-1'],
    ...['-map', '[jpg]', '-frames:v', '1', '-q:v', '3', `${outputDir}/poster.jpg`],
    ...['-map', '[webp]', '-frames:v', '1', '-c:v', 'libwebp', '-quality', '80'],
    `${outputDir}/poster.webp`,
  ];
}

/** Re-encodes image bytes (JPEG, PNG or WebP, by content) into the poster's JPEG and WebP. */
export async function encodePoster(
  bytes: Uint8Array,
  ffmpegPath: string,
): Promise<{ jpg: Buffer; webp: Buffer }> {
  if (bytes.byteLength > MAX_POSTER_BYTES) {
    throw new ServiceError('invalid', THUMBNAIL_MESSAGES.tooLarge);
  }
  const demuxer = imageDemuxer(bytes);
  if (!demuxer || !POSTER_DEMUXERS.has(demuxer)) {
    throw new ServiceError('invalid', THUMBNAIL_MESSAGES.notImage);
  }
  const dir = await mkdtemp(join(tmpdir(), 'cutroom-poster-'));
  try {
    const input = join(dir, 'input');
    await writeFile(input, bytes);
    try {
      await runFfmpeg(posterImageArgs(input, dir, demuxer), ffmpegPath, dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
      throw new ServiceError('invalid', THUMBNAIL_MESSAGES.notImage);
    }
    return {
      jpg: await readFile(join(dir, 'poster.jpg')),
      webp: await readFile(join(dir, 'poster.webp')),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function readObject(storage: Storage, key: string): Promise<Buffer> {
  const { body } = await storage.getStream(key);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A poster the owner set (picked or uploaded), as against the one processing made. */
const isChosenPoster = (key: string | null) =>
  Boolean(key && /\/poster-[a-f0-9]+\.(?:jpg|webp)$/.test(key));

/**
 * Stores a new poster under fresh keys in the video's media folder (so every cache sees a new
 * URL), points the video at it, and removes the previous chosen one.
 */
async function replacePoster(
  ctx: ThumbnailContext,
  video: Video,
  bytes: Uint8Array,
): Promise<Video> {
  if (!video.mediaPrefix || !video.posterKey) {
    throw new ServiceError('conflict', THUMBNAIL_MESSAGES.notProcessed);
  }
  const { jpg, webp } = await encodePoster(bytes, ctx.ffmpegPath);
  const stamp = randomBytes(6).toString('hex');
  const posterKey = `${video.mediaPrefix}poster-${stamp}.jpg`;
  const posterWebpKey = `${video.mediaPrefix}poster-${stamp}.webp`;
  await ctx.storage.putBytes(posterKey, jpg, { contentType: 'image/jpeg' });
  await ctx.storage.putBytes(posterWebpKey, webp, { contentType: 'image/webp' });
  const [row] = await ctx.db
    .update(videos)
    .set({ posterKey, posterWebpKey, updatedAt: ctx.now() })
    .where(eq(videos.id, video.id))
    .returning();
  for (const old of [video.posterKey, video.posterWebpKey]) {
    if (isChosenPoster(old)) await ctx.storage.deleteObject(old!).catch(() => undefined);
  }
  // Listings and cached pages show the poster.
  await ctx.listings.invalidate();
  return row!;
}

/** The candidate frames of a video, as URLs in the order the worker took them. */
export const frameUrls = (storage: Storage, video: Video) =>
  video.frameKeys.map((key) => storage.publicUrl(key));

/** Makes frame `frame` (0-based) of the ones taken at processing the video's poster. */
export async function chooseFrame(
  ctx: ThumbnailContext & Pick<Call, 'actor'>,
  input: { _id: string; frame: number },
): Promise<Video> {
  const video = await loadManagedVideo(ctx, input._id);
  const key = video.frameKeys[input.frame];
  if (!key) throw new ServiceError('invalid', THUMBNAIL_MESSAGES.noFrame);
  return replacePoster(ctx, video, await readObject(ctx.storage, key));
}

/** Makes an uploaded picture (checked by its content, re-encoded) the video's poster. */
export async function uploadPoster(
  ctx: ThumbnailContext & Pick<Call, 'actor'>,
  input: { _id: string; image: Uint8Array },
): Promise<Video> {
  const video = await loadManagedVideo(ctx, input._id);
  return replacePoster(ctx, video, input.image);
}
