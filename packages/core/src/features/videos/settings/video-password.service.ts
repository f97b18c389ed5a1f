import { createHmac, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { asc, eq } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import {
  consumeRequestLimit,
  refundRequestLimit,
  type RequestLimit,
} from '../../../access/request-limit';
import {
  grantMediaUrl,
  issueMediaGrant,
  loadMediaState,
  UNLOCK_SUBJECT,
} from '../../../access/media-grants';
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

/** Wrong tries one viewer (account, or a visitor's browser) has at one video's password. */
export const VIDEO_PASSWORD_TRIES: RequestLimit = { max: 5, windowSeconds: 15 * 60 };

/**
 * Wrong tries every visitor behind one address shares at one video's password: a visitor who
 * changes browsers still stops here, and locks out the others behind the address no sooner.
 */
export const VIDEO_PASSWORD_ADDRESS_TRIES: RequestLimit = { max: 20, windowSeconds: 15 * 60 };

export const VIDEO_PASSWORD_MESSAGES = {
  required: 'password: is required',
  missingForVisibility: 'password: is required for a password-protected video',
  tooShort: `password: is at least ${VIDEO_PASSWORD_MIN} characters long`,
  wrong: 'password: is not the password of this video',
  tooManyTries: 'Too many wrong tries: wait 15 minutes before trying this video’s password again',
  notProtected: 'This video is not password-protected',
  unlockEnded: 'password: is required (the password of this video changed)',
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

/** The video's password hash, or null when it has none. */
export async function videoPasswordHash(db: Executor, videoId: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: videoPasswords.hash })
    .from(videoPasswords)
    .where(eq(videoPasswords.videoId, videoId))
    .limit(1);
  return row?.hash ?? null;
}

/** How long an unlock keeps a browser's session unlocked at most (a new password ends it). */
export const UNLOCK_SECONDS = 24 * 3600;

function unlockSignature(secret: string, videoId: string, hash: string, end: number): string {
  return createHmac('sha256', secret)
    .update(`video-unlock\0${videoId}\0${hash}\0${end}`)
    .digest()
    .subarray(0, 18)
    .toString('base64url');
}

/**
 * The proof of an unlock a browser keeps for its session (docs/videos.md): `{end}.{signature}`
 * over the video and its current password, so a new password ends it.
 */
export function unlockToken(secret: string, videoId: string, hash: string, now: Date): string {
  const end = Math.floor(now.getTime() / 1000) + UNLOCK_SECONDS;
  return `${end.toString(36)}.${unlockSignature(secret, videoId, hash, end)}`;
}

/** Whether `token` was given for the video's current password and has not ended. */
export function isUnlockTokenValid(
  secret: string,
  videoId: string,
  hash: string,
  token: string,
  now: Date,
): boolean {
  const match = /^([a-z0-9]{1,10})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match || hash === '') return false;
  const end = parseInt(match[1]!, 36);
  if (!(end * 1000 > now.getTime())) return false;
  const expected = Buffer.from(unlockSignature(secret, videoId, hash, end));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The media addresses of a password video, through the site's media route under a grant. */
export type UnlockedMedia = {
  masterPlaylistUrl: string;
  posterUrl: string;
  spritesVttUrl: string | null;
  subtitles: SubtitleTrackInfo[];
  /** Keeps the browser's session unlocked (docs/videos.md); never logged. */
  unlock: string;
};

export interface UnlockInput {
  videoId: string;
  /** Left out by the page's first call: the owner and staff need none. */
  password?: string;
  /** The proof of an earlier unlock the browser kept for its session. */
  unlock?: string;
  /** Who is trying: the account, or the visitor's browser (its own id, at its address). */
  viewerKey: string;
  /** A visitor's address: every visitor behind it shares `VIDEO_PASSWORD_ADDRESS_TRIES`. */
  addressKey?: string;
  secret: string;
}

async function countWrongTry(
  ctx: Pick<Call, 'db' | 'now'>,
  keys: { key: string; limit: RequestLimit }[],
): Promise<() => Promise<void>> {
  const counted: string[] = [];
  try {
    for (const { key, limit } of keys) {
      counted.push(key);
      await consumeRequestLimit(ctx, key, limit);
    }
  } catch (error) {
    await Promise.all(counted.map((key) => refundRequestLimit(ctx, key)));
    if (error instanceof ServiceError && error.kind === 'rate_limited') {
      throw new ServiceError('rate_limited', VIDEO_PASSWORD_MESSAGES.tooManyTries);
    }
    throw error;
  }
  return async () => {
    await Promise.all(counted.map((key) => refundRequestLimit(ctx, key)));
  };
}

/**
 * Opens a password video (docs/videos.md): its owner and staff without the password, anyone
 * who may open its page with it or with the unlock their browser kept. A wrong password counts
 * against the viewer's tries at this video (and a visitor's against their address's), a right
 * one never: past them every try is refused, the right password too, until the window ends.
 * The password is never answered back; the answer is the media's addresses under a grant.
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
  const kept =
    input.unlock !== undefined &&
    isUnlockTokenValid(input.secret, video.id, hash, input.unlock, now);
  if (!manages && !kept) {
    if (!input.password) {
      throw new ServiceError(
        'invalid',
        input.unlock ? VIDEO_PASSWORD_MESSAGES.unlockEnded : VIDEO_PASSWORD_MESSAGES.required,
      );
    }
    const limits = [
      { key: `video-password:${video.id}:${input.viewerKey}`, limit: VIDEO_PASSWORD_TRIES },
      ...(input.addressKey
        ? [
            {
              key: `video-password:${video.id}:${input.addressKey}`,
              limit: VIDEO_PASSWORD_ADDRESS_TRIES,
            },
          ]
        : []),
    ];
    const refund = await countWrongTry({ db, now: () => now }, limits);
    const right = hash !== '' && (await verifyPassword({ hash, password: input.password }));
    if (!right) throw new ServiceError('forbidden', VIDEO_PASSWORD_MESSAGES.wrong);
    // A right answer never counts.
    await refund();
  }
  const state = await loadMediaState(db, video.id);
  if (!state) throw new ServiceError('not_found', VIDEO_MISSING_MESSAGE);
  const grant = issueMediaGrant(input.secret, state, manages ? actor!.id : UNLOCK_SUBJECT, now);
  return {
    ...(await unlockedMedia(ctx, video, grant)),
    unlock: unlockToken(input.secret, video.id, hash, now),
  };
}

async function unlockedMedia(
  ctx: { db: Database },
  video: Video,
  grant: string,
): Promise<Omit<UnlockedMedia, 'unlock'>> {
  if (!video.masterPlaylistKey || !video.posterKey) {
    throw new ServiceError('not_found', 'This video has nothing to play yet');
  }
  const subtitles = await subtitleTracks(ctx.db, video.id, (key) => grantMediaUrl(grant, key));
  return {
    masterPlaylistUrl: grantMediaUrl(grant, video.masterPlaylistKey),
    posterUrl: grantMediaUrl(grant, video.posterKey),
    spritesVttUrl: video.spritesVttKey ? grantMediaUrl(grant, video.spritesVttKey) : null,
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
