import type { IncomingMessage } from 'node:http';
import type { Actor } from '@cutroom/core/kernel/endpoint';
import type { Database } from '@cutroom/core/platform/db/client';
import {
  mayFetchMedia,
  partnerMarkOf,
  PREMIUM_REFUSAL_MESSAGE,
  type PremiumMark,
} from '@cutroom/core/features/money/partner/partner.service';
import { createMediaAccessCheck, MEDIA_STATE_KEEP_MS } from '@cutroom/core/access/media-grants';
import type { MediaAccess } from './media-handler';

/** A rendition's video and file name (`videos/{id}/v{version}/{file}`). */
const VIDEO_KEY = /^videos\/([A-Za-z0-9_-]+)\/v[a-z0-9]+\/(.+)$/;
/** A premium video's poster is shown on its page to everyone, like its title. */
const OPEN_FILES = new Set(['poster.jpg', 'poster.webp']);
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
 * The media route's check (docs/security.md, "Media"). A video's files, its live's too, go to
 * everyone while anyone with its link may open it (public, unlisted); in any other state only
 * under a grant its page (or its unlock) gave for its current access, or to a signed-in viewer
 * the page rule lets in, privately. A partner channel's premium video's files (docs/partner.md)
 * go only to those the premium rule lets in (its active subscribers, the partner, staff),
 * privately. Marks are kept briefly in memory so most media requests cost no query.
 */
export function createMediaGuard(options: {
  db: Database;
  actorOf: (headers: Headers) => Promise<Actor | null>;
  /** The site's secret, which signs media grants. */
  secret: string;
  /**
   * The listings generation, which every change of who may open a video moves: a kept state
   * of an earlier generation is read again, so a video made private closes at once.
   */
  generation?: () => Promise<string>;
  now?: () => number;
}): (key: string, request: IncomingMessage, token: string | null) => Promise<MediaAccess> {
  const now = options.now ?? Date.now;
  const check = createMediaAccessCheck(options);
  const marks = new Map<string, { premium: PremiumMark | null; at: number; generation: string }>();
  async function premiumOf(videoId: string): Promise<PremiumMark | null> {
    const generation = (await options.generation?.().catch(() => null)) ?? '';
    const kept = marks.get(videoId);
    if (kept && kept.generation === generation && now() - kept.at < MEDIA_STATE_KEEP_MS) {
      return kept.premium;
    }
    const premium = await partnerMarkOf(options.db, videoId);
    if (marks.size >= MAX_MARKS) marks.clear();
    marks.set(videoId, { premium, at: now(), generation });
    return premium;
  }
  return async (key, request, token) => {
    let actor: Promise<Actor | null> | null = null;
    const actorOf = () => (actor ??= options.actorOf(headersOf(request)));
    const decision = await check.decide(key, token, actorOf);
    if (typeof decision === 'object') return decision;
    const match = VIDEO_KEY.exec(key);
    if (!match || OPEN_FILES.has(match[2]!)) return decision;
    const premium = await premiumOf(match[1]!);
    if (!premium?.isPremium) return decision;
    // A premium video's files need the premium rule besides, whatever its visibility.
    return (await mayFetchMedia({ db: options.db, actor: await actorOf() }, match[1]!, premium))
      ? 'private'
      : { refused: PREMIUM_REFUSAL_MESSAGE };
  };
}
