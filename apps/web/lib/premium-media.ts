import type { IncomingMessage } from 'node:http';
import type { Actor } from '@cutroom/core/api/endpoint';
import type { Database } from '@cutroom/core/db/client';
import {
  mayFetchMedia,
  partnerMarkOf,
  type PremiumMark,
} from '@cutroom/core/partner/partner.service';

/** How the media route may serve one object: to everyone, to this viewer only, or not at all. */
export type MediaAccess = 'public' | 'private' | 'refused';

/** A rendition's video and file name (`videos/{id}/v{version}/{file}`). */
const VIDEO_KEY = /^videos\/([A-Za-z0-9_-]+)\/v[a-z0-9]+\/(.+)$/;
/** A premium video's poster is shown on its page to everyone, like its title. */
const OPEN_FILES = new Set(['poster.jpg', 'poster.webp']);
/** How long a video's premium mark is believed (a change reaches the media route this late). */
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
 * The media route's premium check (docs/partner.md): the files of a partner channel's premium
 * video are served only to those the premium rule lets in (its active subscribers, the partner,
 * staff), privately; everything else stays public. Marks are kept briefly in memory so most
 * media requests cost no query.
 */
export function createPremiumMediaGuard(options: {
  db: Database;
  actorOf: (headers: Headers) => Promise<Actor | null>;
  now?: () => number;
}): (key: string, request: IncomingMessage) => Promise<MediaAccess> {
  const now = options.now ?? Date.now;
  const marks = new Map<string, { mark: PremiumMark | null; at: number }>();
  async function markOf(videoId: string): Promise<PremiumMark | null> {
    const kept = marks.get(videoId);
    if (kept && now() - kept.at < MARK_TTL_MS) return kept.mark;
    const mark = await partnerMarkOf(options.db, videoId);
    if (marks.size >= MAX_MARKS) marks.clear();
    marks.set(videoId, { mark, at: now() });
    return mark;
  }
  return async (key, request) => {
    const match = VIDEO_KEY.exec(key);
    if (!match) return 'public';
    const [, videoId, file] = match;
    const mark = await markOf(videoId!);
    if (!mark?.isPremium || OPEN_FILES.has(file!)) return 'public';
    const actor = await options.actorOf(headersOf(request));
    return (await mayFetchMedia(options.db, actor, videoId!, mark)) ? 'private' : 'refused';
  };
}
