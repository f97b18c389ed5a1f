import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { users, videoPasswords, videos, videoViewers, type Video } from '../platform/db/schema';
import type { Actor } from './actor';
import { canManageVideo, canOpenVideo } from './video-rules';

// Who may fetch a video's bytes (docs/security.md, "Media", docs/decisions/0055): the rule that
// decides who may open its page, `canOpenVideo`, asked again on every request. Public and
// unlisted videos on the site are served to everyone on their public, cacheable addresses; any
// other state only under a grant in the address (`/media/k/{grant}/{key}`), bound to the
// viewer it was given to (or to the password's unlock) and to the video's access stamp, which
// every change of visibility, password, people, publish time, hold or state moves.

/** How long a media grant keeps working at most (a state change ends it sooner). */
export const MEDIA_GRANT_SECONDS = 6 * 3600;

/** The subject of a password unlock's grant: whoever gave the password, as one. */
export const UNLOCK_SUBJECT = 'p';

export const MEDIA_REFUSALS = {
  closed: 'This video is not public: open its page to watch it',
  password: 'This video needs its password',
  ended: 'This address has ended: open the video’s page again',
  missing: 'This video is not accessible anymore',
} as const;

/** What the media route knows of a video: who may open it, and the stamp its grants carry. */
export interface MediaState extends Pick<
  Video,
  'id' | 'ownerId' | 'status' | 'visibility' | 'publishAt'
> {
  /** Moves with every change of who may open the video; grants signed over another are dead. */
  stamp: string;
}

/** The video's media state, or null when there is no such video. */
export async function loadMediaState(
  db: Pick<Database, 'select'>,
  videoId: string,
): Promise<MediaState | null> {
  const [row] = await db
    .select({
      id: videos.id,
      ownerId: videos.ownerId,
      status: videos.status,
      visibility: videos.visibility,
      publishAt: videos.publishAt,
      hash: videoPasswords.hash,
    })
    .from(videos)
    .leftJoin(videoPasswords, eq(videoPasswords.videoId, videos.id))
    .where(eq(videos.id, videoId))
    .limit(1);
  if (!row) return null;
  const viewers =
    row.visibility === 'private'
      ? await db
          .select({ userId: videoViewers.userId })
          .from(videoViewers)
          .where(eq(videoViewers.videoId, videoId))
          .orderBy(asc(videoViewers.userId))
      : [];
  const stamp = createHash('sha256')
    .update(
      [
        row.status,
        row.visibility,
        row.publishAt?.toISOString() ?? '',
        row.hash ?? '',
        viewers.map((viewer) => viewer.userId).join(','),
      ].join('\0'),
    )
    .digest('base64url')
    .slice(0, 16);
  const { hash: _hash, ...state } = row;
  return { ...state, stamp };
}

/**
 * Whether everyone may fetch the video's bytes on its public addresses: a video on the site
 * that anyone with its link may open (public, or unlisted once its time has come).
 */
export function isMediaOpenToAll(
  state: Pick<Video, 'status' | 'visibility' | 'publishAt'>,
  now: Date,
): boolean {
  if (state.status === 'published') return true;
  return (
    state.status === 'hidden' &&
    state.visibility === 'unlisted' &&
    (!state.publishAt || state.publishAt <= now)
  );
}

function grantSignature(
  secret: string,
  state: Pick<MediaState, 'id' | 'stamp'>,
  subject: string,
  end: number,
): string {
  return createHmac('sha256', secret)
    .update(`video-media-grant\0${state.id}\0${subject}\0${state.stamp}\0${end}`)
    .digest()
    .subarray(0, 18)
    .toString('base64url');
}

/**
 * A grant for the video's media: `{end}.{subject}.{signature}`, the subject being the viewer's
 * account id or `p` for a password unlock.
 */
export function issueMediaGrant(
  secret: string,
  state: Pick<MediaState, 'id' | 'stamp'>,
  subject: string,
  now: Date,
): string {
  const end = Math.floor(now.getTime() / 1000) + MEDIA_GRANT_SECONDS;
  return `${end.toString(36)}.${subject}.${grantSignature(secret, state, subject, end)}`;
}

/** A grant's shape in a media address (the route matches it before it reads anything). */
export const MEDIA_GRANT_PATTERN = '[a-z0-9]{1,10}\\.[A-Za-z0-9_-]{1,64}\\.[A-Za-z0-9_-]{24}';

/** The subject of a grant signed for the video's current stamp and not ended; else null. */
export function checkMediaGrant(
  secret: string,
  state: Pick<MediaState, 'id' | 'stamp'>,
  grant: string,
  now: Date,
): string | null {
  const match = /^([a-z0-9]{1,10})\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{24})$/.exec(grant);
  if (!match) return null;
  const end = parseInt(match[1]!, 36);
  if (!(end * 1000 > now.getTime())) return null;
  const subject = match[2]!;
  const expected = Buffer.from(grantSignature(secret, state, subject, end));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? subject : null;
}

/** `/media/k/{grant}/{key}`: always the site's own media route, never `MEDIA_BASE_URL`. */
export function grantMediaUrl(grant: string, key: string): string {
  return `/media/k/${grant}/${key}`;
}

/** The account a grant was given to, as an actor, while its credentials still work. */
async function grantHolder(
  db: Pick<Database, 'select'>,
  userId: string,
  now: Date,
): Promise<Pick<Actor, 'id' | 'role'> | null> {
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.emailVerified, true),
        or(eq(users.banned, false), and(isNotNull(users.banExpires), lte(users.banExpires, now))),
      ),
    )
    .limit(1);
  return user ?? null;
}

/** What the media rules read: the database and the clock. */
type MediaCall = { db: Pick<Database, 'select'>; now: () => Date };

/**
 * Whether `actor` may fetch the bytes of a video it may not fetch openly: the page rule, but a
 * password video's bytes need its unlock (only those who manage it go without).
 */
export async function mayFetchClosedMedia(
  ctx: MediaCall & { actor: Pick<Actor, 'id' | 'role'> | null },
  state: MediaState,
): Promise<boolean> {
  if (state.visibility === 'password') return canManageVideo(ctx.actor, state);
  return canOpenVideo({ db: ctx.db as Database, actor: ctx.actor, now: ctx.now }, state);
}

/** Whether `actor` may fetch the video's bytes at all (openly, or as one it may open). */
export async function mayFetchVideoMedia(
  ctx: MediaCall & { actor: Pick<Actor, 'id' | 'role'> | null },
  state: MediaState,
): Promise<boolean> {
  return isMediaOpenToAll(state, ctx.now()) || mayFetchClosedMedia(ctx, state);
}

/** How the media route may serve a video's object: to everyone, to this viewer only, or not. */
export type MediaDecision = 'public' | 'private' | { refused: string };

/**
 * The media route's rule for one request on a video's object (`videos/{id}/…` or
 * `live/{id}/…`). `actorOf` reads the request's session, only when needed: an address without
 * a grant still serves a closed video's bytes to whoever may open it (their own cards and
 * settings), privately.
 */
export async function decideMediaAccess(
  ctx: { db: Pick<Database, 'select'>; now: () => Date; secret: string },
  state: MediaState | null,
  grant: string | null,
  actorOf: () => Promise<Pick<Actor, 'id' | 'role'> | null>,
): Promise<MediaDecision> {
  if (!state) return { refused: MEDIA_REFUSALS.missing };
  const now = ctx.now();
  if (isMediaOpenToAll(state, now)) return 'public';
  if (grant !== null) {
    const subject = checkMediaGrant(ctx.secret, state, grant, now);
    if (subject === null) return { refused: MEDIA_REFUSALS.ended };
    if (subject === UNLOCK_SUBJECT) {
      // The unlock opens what the password opens: the video's page to anyone with its link.
      const opens =
        state.visibility === 'password' &&
        (await canOpenVideo({ db: ctx.db as Database, actor: null, now: ctx.now }, state));
      return opens ? 'private' : { refused: MEDIA_REFUSALS.ended };
    }
    const holder = await grantHolder(ctx.db, subject, now);
    return (await mayFetchClosedMedia({ ...ctx, actor: holder }, state))
      ? 'private'
      : { refused: MEDIA_REFUSALS.ended };
  }
  const actor = await actorOf();
  if (await mayFetchClosedMedia({ ...ctx, actor }, state)) return 'private';
  return {
    refused: state.visibility === 'password' ? MEDIA_REFUSALS.password : MEDIA_REFUSALS.closed,
  };
}

/** The video's id in a media key it owns (`videos/{id}/…`, `live/{id}/…`); null for others. */
export function videoIdOfMediaKey(key: string): string | null {
  return /^(?:videos|live)\/([A-Za-z0-9_-]+)\//.exec(key)?.[1] ?? null;
}

/**
 * The addresses a page hands the player for `viewer`: the public ones while the video is open
 * to all, else the same keys under a grant for the viewer (null when the viewer may not fetch
 * them without an unlock). `publicUrl` is the storage's (MEDIA_BASE_URL).
 */
export async function mediaAddressesFor(
  ctx: { db: Pick<Database, 'select'>; now: () => Date; secret: string },
  videoId: string,
  viewer: Pick<Actor, 'id' | 'role'> | null,
  publicUrl: (key: string) => string,
): Promise<((key: string) => string) | null> {
  const state = await loadMediaState(ctx.db, videoId);
  if (!state) return null;
  if (isMediaOpenToAll(state, ctx.now())) return publicUrl;
  if (!viewer || !(await mayFetchClosedMedia({ ...ctx, actor: viewer }, state))) return null;
  const grant = issueMediaGrant(ctx.secret, state, viewer.id, ctx.now());
  return (key) => grantMediaUrl(grant, key);
}

/**
 * How long a node keeps a video's media state at most: every change of who may open a video
 * moves the listings generation, read on every request, so a change reaches the check sooner
 * (at once on its own node, within a second on the others).
 */
export const MEDIA_STATE_KEEP_MS = 10_000;
const MAX_KEPT_STATES = 10_000;

/**
 * The media route's check with each video's state kept in memory while the listings
 * generation stays (at most `MEDIA_STATE_KEEP_MS`), so most requests cost no query.
 */
export function createMediaAccessCheck(options: {
  db: Pick<Database, 'select'>;
  secret: string;
  /** The listings generation (`Listings.currentGeneration`). */
  generation?: () => Promise<string>;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { state: MediaState | null; at: number; generation: string }>();
  async function stateOf(videoId: string): Promise<MediaState | null> {
    const generation = (await options.generation?.().catch(() => null)) ?? '';
    const found = kept.get(videoId);
    if (found && found.generation === generation && now() - found.at < MEDIA_STATE_KEEP_MS) {
      return found.state;
    }
    const state = await loadMediaState(options.db, videoId);
    if (kept.size >= MAX_KEPT_STATES) kept.clear();
    kept.set(videoId, { state, at: now(), generation });
    return state;
  }
  return {
    /**
     * The decision for one request on a media key: `public` for keys of no video (avatars),
     * else `decideMediaAccess` over the video's kept state.
     */
    async decide(
      key: string,
      grant: string | null,
      actorOf: () => Promise<Pick<Actor, 'id' | 'role'> | null>,
    ): Promise<MediaDecision> {
      const videoId = videoIdOfMediaKey(key);
      if (!videoId) return 'public';
      return decideMediaAccess(
        { db: options.db, now: () => new Date(now()), secret: options.secret },
        await stateOf(videoId),
        grant,
        actorOf,
      );
    },
  };
}
