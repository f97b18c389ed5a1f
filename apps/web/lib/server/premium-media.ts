import type { IncomingMessage } from 'node:http';
import type { Actor } from '@cutroom/core/kernel/endpoint';
import type { Database } from '@cutroom/core/platform/db/client';
import {
  mayFetchMedia,
  partnerMarkOf,
  PREMIUM_REFUSAL_MESSAGE,
  type PremiumMark,
} from '@cutroom/core/features/money/partner/partner.service';
import {
  isMediaTokenValid,
  mediaPasswordOf,
  VIDEO_PASSWORD_MESSAGES,
} from '@cutroom/core/features/videos/settings/video-password.service';
import type { MediaAccess } from './media-handler';

/** What the media route keeps of a video: its premium mark, its password when it has one. */
interface MediaMark {
  premium: PremiumMark | null;
  /** The password hash of a password video (tokens are signed over it); null otherwise. */
  passwordHash: string | null;
}

/** A rendition's video and file name (`videos/{id}/v{version}/{file}`). */
const VIDEO_KEY = /^videos\/([A-Za-z0-9_-]+)\/v[a-z0-9]+\/(.+)$/;
/** A premium video's poster is shown on its page to everyone, like its title. */
const OPEN_FILES = new Set(['poster.jpg', 'poster.webp']);
/** How long a video's mark is believed (a change reaches the media route this late). */
const MARK_TTL_MS = 10_000;
const MAX_MARKS = 10_000;

/** The request's headers as a fetch `Headers` (the session cookie or bearer token). */
export function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}

/**
 * The media route's check. A password video's files (docs/videos.md), its poster too, are
 * served only under an address carrying a token its unlock gave for its current password,
 * privately. A partner channel's premium video's files (docs/partner.md) are served only to
 * those the premium rule lets in (its active subscribers, the partner, staff), privately.
 * Everything else stays public. Marks are kept briefly in memory so most media requests cost
 * no query.
 */
export function createMediaGuard(options: {
  db: Database;
  actorOf: (headers: Headers) => Promise<Actor | null>;
  /** The site's secret, which signs password videos' media tokens. */
  secret: string;
  /**
   * The listings generation, which every change of a video's visibility moves: a kept mark of
   * an earlier generation is read again, so a video made password-protected closes at once.
   */
  generation?: () => Promise<string>;
  now?: () => number;
}): (key: string, request: IncomingMessage, token: string | null) => Promise<MediaAccess> {
  const now = options.now ?? Date.now;
  const marks = new Map<string, { mark: MediaMark; at: number; generation: string }>();
  async function markOf(videoId: string): Promise<MediaMark> {
    const generation = (await options.generation?.().catch(() => null)) ?? '';
    const kept = marks.get(videoId);
    if (kept && kept.generation === generation && now() - kept.at < MARK_TTL_MS) {
      return kept.mark;
    }
    const [premium, passwordHash] = await Promise.all([
      partnerMarkOf(options.db, videoId),
      mediaPasswordOf(options.db, videoId),
    ]);
    const mark = { premium, passwordHash };
    if (marks.size >= MAX_MARKS) marks.clear();
    marks.set(videoId, { mark, at: now(), generation });
    return mark;
  }
  return async (key, request, token) => {
    const match = VIDEO_KEY.exec(key);
    if (!match) return 'public';
    const [, videoId, file] = match;
    const mark = await markOf(videoId!);
    if (mark.passwordHash !== null) {
      const valid =
        token !== null &&
        mark.passwordHash !== '' &&
        isMediaTokenValid(options.secret, videoId!, mark.passwordHash, token, new Date(now()));
      return valid ? 'private' : { refused: VIDEO_PASSWORD_MESSAGES.mediaRefused };
    }
    if (!mark.premium?.isPremium || OPEN_FILES.has(file!)) return 'public';
    const actor = await options.actorOf(headersOf(request));
    return (await mayFetchMedia({ db: options.db, actor }, videoId!, mark.premium))
      ? 'private'
      : { refused: PREMIUM_REFUSAL_MESSAGE };
  };
}
