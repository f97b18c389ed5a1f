import { createHmac, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { asc, eq } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import { consumeRequestLimit, type RequestLimit } from '../../../access/request-limit';
import type { Database } from '../../../platform/db/client';
import { videoPasswords, videos, videoSubtitles, type Video } from '../../../platform/db/schema';
import type { SubtitleTrackInfo } from './subtitles.service';
import {
  canOpenVideo,
  VIDEO_INACCESSIBLE_MESSAGE,
  VIDEO_MISSING_MESSAGE,
} from '../../../access/video-rules';
import { can } from '../../../access/rights';
import type { Call } from '../../../access/call';

/** A video password's length bounds (docs/videos.md). */
export const VIDEO_PASSWORD_MIN = 4;
export const VIDEO_PASSWORD_MAX = 128;

/** Tries one viewer (account, or connection) has at one video's password in a window. */
export const VIDEO_PASSWORD_TRIES: RequestLimit = { max: 5, windowSeconds: 15 * 60 };

/** How long the media addresses an unlock gives keep working. */
export const MEDIA_TOKEN_SECONDS = 6 * 3600;

export const VIDEO_PASSWORD_MESSAGES = {
  required: 'password: is required',
  missingForVisibility: 'password: is required for a password-protected video',
  tooShort: `password: is at least ${VIDEO_PASSWORD_MIN} characters long`,
  wrong: 'password: is not the password of this video',
  tooManyTries: 'Too many wrong tries: wait 15 minutes before trying this video’s password again',
  notProtected: 'This video is not password-protected',
  mediaRefused: 'This video needs its password',
} as const;

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** A new video password, checked and hashed (before any transaction: hashing takes a while). */
export async function hashVideoPassword(password: string): Promise<string> {
  if (password.length < VIDEO_PASSWORD_MIN) {
    throw new ServiceError('invalid', VIDEO_PASSWORD_MESSAGES.tooShort);
  }
  return hashPassword(password);
}

/** Keeps a video's password hash; replaces the previous one, so earlier unlocks end. */
export async function storeVideoPassword(
  ctx: Pick<Call, 'now'> & { db: Executor },
  videoId: string,
  hash: string,
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  await db
    .insert(videoPasswords)
    .values({ videoId, hash, setAt: now })
    .onConflictDoUpdate({ target: videoPasswords.videoId, set: { hash, setAt: now } });
}

/** Forgets a video's password (its visibility is no longer 'password'). */
export async function dropVideoPassword(db: Executor, videoId: string): Promise<void> {
  await db.delete(videoPasswords).where(eq(videoPasswords.videoId, videoId));
}

/** Whether the video has a password stored. */
export async function hasVideoPassword(db: Executor, videoId: string): Promise<boolean> {
  return (await videoPasswordHash(db, videoId)) !== null;
}

async function videoPasswordHash(db: Executor, videoId: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: videoPasswords.hash })
    .from(videoPasswords)
    .where(eq(videoPasswords.videoId, videoId))
    .limit(1);
  return row?.hash ?? null;
}

/**
 * What a media token is made of: the video, its current password (a new password ends every
 * token of the old one) and the token's end, signed with the site's secret.
 */
function tokenSignature(secret: string, videoId: string, hash: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`video-media\0${videoId}\0${hash}\0${expires}`)
    .digest()
    .subarray(0, 18)
    .toString('base64url');
}

/** A token naming the media of a password video for `MEDIA_TOKEN_SECONDS`: `{end}.{signature}`. */
export function mediaToken(secret: string, videoId: string, hash: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + MEDIA_TOKEN_SECONDS;
  return `${expires.toString(36)}.${tokenSignature(secret, videoId, hash, expires)}`;
}

/** Whether `token` was given for the video's current password and has not ended. */
export function isMediaTokenValid(
  secret: string,
  videoId: string,
  hash: string,
  token: string,
  now: Date,
): boolean {
  const match = /^([a-z0-9]{1,10})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match) return false;
  const expires = parseInt(match[1]!, 36);
  if (!(expires * 1000 > now.getTime())) return false;
  const expected = Buffer.from(tokenSignature(secret, videoId, hash, expires));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The media route's view of a video: its password hash when it is password-protected. */
export async function mediaPasswordOf(db: Database, videoId: string): Promise<string | null> {
  const [row] = await db
    .select({ visibility: videos.visibility, hash: videoPasswords.hash })
    .from(videos)
    .leftJoin(videoPasswords, eq(videoPasswords.videoId, videos.id))
    .where(eq(videos.id, videoId))
    .limit(1);
  if (!row || row.visibility !== 'password') return null;
  // A password video without its password (never so by the services) opens to nobody's token.
  return row.hash ?? '';
}

/** The media addresses of a password video, through the site's media route with a token. */
export type UnlockedMedia = {
  masterPlaylistUrl: string;
  posterUrl: string;
  spritesVttUrl: string | null;
  subtitles: SubtitleTrackInfo[];
};

/** `/media/k/{token}/{key}`: the media route serves a password video's files only so. */
export function tokenMediaUrl(token: string, key: string): string {
  return `/media/k/${token}/${key}`;
}

export interface UnlockInput {
  videoId: string;
  /** Left out by the page's first call: the owner and staff need none. */
  password?: string;
  /** Who is trying: the account, or the visitor's connection (as views count them). */
  viewerKey: string;
  secret: string;
}

/**
 * Opens a password video (docs/videos.md): its owner and staff without the password, anyone
 * who may open its page with it. Every try with a password counts against the viewer's tries
 * at this video; past them every try is refused, the right password too, until the window ends.
 * The password is never answered back; the answer is the media's addresses under a token.
 */
export async function unlockVideo(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  input: UnlockInput,
): Promise<UnlockedMedia> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const [video] = await db.select().from(videos).where(eq(videos.id, input.videoId)).limit(1);
  if (!video) throw new ServiceError('not_found', VIDEO_MISSING_MESSAGE);
  if (!(await canOpenVideo({ db, actor, now: () => now }, video))) {
    throw new ServiceError('unauthenticated', VIDEO_INACCESSIBLE_MESSAGE);
  }
  if (video.visibility !== 'password') {
    throw new ServiceError('invalid', VIDEO_PASSWORD_MESSAGES.notProtected);
  }
  const hash = (await videoPasswordHash(db, video.id)) ?? '';
  const manages = Boolean(actor && (actor.id === video.ownerId || can(actor, 'moderate')));
  if (!manages) {
    if (!input.password) throw new ServiceError('invalid', VIDEO_PASSWORD_MESSAGES.required);
    try {
      await consumeRequestLimit(
        { db, now: () => now },
        `video-password:${video.id}:${input.viewerKey}`,
        VIDEO_PASSWORD_TRIES,
      );
    } catch (error) {
      if (error instanceof ServiceError && error.kind === 'rate_limited') {
        throw new ServiceError('rate_limited', VIDEO_PASSWORD_MESSAGES.tooManyTries);
      }
      throw error;
    }
    const right = hash !== '' && (await verifyPassword({ hash, password: input.password }));
    if (!right) throw new ServiceError('forbidden', VIDEO_PASSWORD_MESSAGES.wrong);
  }
  return unlockedMedia(ctx, video, mediaToken(input.secret, video.id, hash, now));
}

async function unlockedMedia(
  ctx: { db: Database },
  video: Video,
  token: string,
): Promise<UnlockedMedia> {
  if (!video.masterPlaylistKey || !video.posterKey) {
    throw new ServiceError('not_found', 'This video has nothing to play yet');
  }
  const subtitles = await subtitleTracks(ctx.db, video.id, (key) => tokenMediaUrl(token, key));
  return {
    masterPlaylistUrl: tokenMediaUrl(token, video.masterPlaylistKey),
    posterUrl: tokenMediaUrl(token, video.posterKey),
    spritesVttUrl: video.spritesVttKey ? tokenMediaUrl(token, video.spritesVttKey) : null,
    subtitles,
  };
}

/** A video's subtitle tracks with their addresses made by `urlOf` from their keys. */
export async function subtitleTracks(
  db: Pick<Database, 'select'>,
  videoId: string,
  urlOf: (key: string) => string,
): Promise<SubtitleTrackInfo[]> {
  const rows = await db
    .select({
      language: videoSubtitles.language,
      label: videoSubtitles.label,
      key: videoSubtitles.key,
    })
    .from(videoSubtitles)
    .where(eq(videoSubtitles.videoId, videoId))
    .orderBy(asc(videoSubtitles.label));
  return rows.map((row) => ({ language: row.language, label: row.label, url: urlOf(row.key) }));
}

/**
 * A media token for those who manage a password video (its owner's settings show its poster,
 * frames and tracks through it); null for any other video.
 */
export async function managerMediaToken(
  ctx: Pick<Call, 'db' | 'now'>,
  secret: string,
  video: Pick<Video, 'id' | 'visibility'>,
): Promise<string | null> {
  const { db } = ctx;
  const now = ctx.now();
  if (video.visibility !== 'password') return null;
  const hash = await mediaPasswordOf(db, video.id);
  return hash ? mediaToken(secret, video.id, hash, now) : null;
}
