import { parseCookies } from 'better-auth/cookies';
import { loadMediaState, mayFetchVideoMedia } from '../../../access/media-grants';
import type { Actor } from '../../../access/actor';
import { canOpenVideo, onSiteStatus } from '../../../access/video-rules';
import type { Database } from '../../../platform/db/client';
import type { LiveStream } from '../../../platform/db/schema';
import { unlockCookieName } from './unlock-cookie';
import { isUnlockTokenValid, videoPasswordHash } from './video-password.service';

/** The unlock of the video a request's Cookie header carries (the page's password form's). */
export function unlockOf(cookieHeader: string | null, videoId: string): string | null {
  const value = cookieHeader ? parseCookies(cookieHeader).get(unlockCookieName(videoId)) : null;
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * Whether `actor` may hear an open page's events of a video (its page's, or its live's,
 * docs/security.md, "Media"): whoever may fetch its media now, asked again whenever who may
 * open it changes (the `access` event), so a stream ends as its media close.
 *
 * - A live between its states (its first seconds on their way, its replay being made) opens
 *   by its visibility, as its page does (watch.service).
 * - A password video's page opens also to the browser holding its unlock (`unlock`, the cookie
 *   its password form keeps), as its media do; a new password ends it.
 */
export async function mayFollowVideoPage(
  ctx: {
    db: Database;
    now: () => Date;
    actor: Pick<Actor, 'id' | 'role'> | null;
    secret: string;
  },
  videoId: string,
  options: { live?: Pick<LiveStream, 'state'> | null; unlock?: string | null } = {},
): Promise<boolean> {
  const state = await loadMediaState(ctx.db, videoId);
  if (state === null) return false;
  const now = ctx.now();
  const { live, unlock } = options;
  const isBetween =
    live != null &&
    state.status === 'processing' &&
    (live.state === 'live' || live.state === 'ended');
  const asOnPage = isBetween ? { ...state, status: onSiteStatus(state, now) } : state;
  const call = { db: ctx.db, now: () => now, actor: ctx.actor };
  if (await mayFetchVideoMedia(call, asOnPage)) return true;
  if (state.visibility !== 'password' || !unlock) return false;
  // The unlock opens what the password opens: the page, to anyone with its link.
  if (!(await canOpenVideo({ ...call, actor: null }, state))) return false;
  const hash = await videoPasswordHash(ctx.db, videoId);
  return hash !== null && isUnlockTokenValid(ctx.secret, videoId, hash, unlock, now);
}
