import { eq } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Listings } from '../../../platform/cache/listing-cache';
import type { Database } from '../../../platform/db/client';
import { videos, type Video } from '../../../platform/db/schema';
import { loadManagedVideo } from '../input';
import { embedSiteOrigin } from '../../../platform/config/site-origin';
import type { Call } from '../../../access/call';

export { embedSiteOrigin, parseEmbedSites } from '../../../platform/config/site-origin';

/** The most sites one video may list. */
export const MAX_EMBED_SITES = 20;

export const EMBED_MESSAGES = {
  badSite: (site: string) =>
    `sites: "${site}" is not a site address (such as https://blog.example or blog.example)`,
  tooMany: `sites: at most ${MAX_EMBED_SITES} sites`,
  refused: 'This video cannot be played on this site',
} as const;

/**
 * Whether a frame of the embed page on `parentOrigin` may play the video (docs/videos.md):
 * the site's own pages always; another site when the site's list (EMBED_SITES) and the
 * video's list each are empty or name it. `parentOrigin` null: not known (no Referer), which
 * only an unrestricted video allows. A page opened by itself, not in a frame, always plays.
 */
export function mayEmbedOn(input: {
  framed: boolean;
  parentOrigin: string | null;
  ownOrigin: string;
  siteList: readonly string[];
  videoList: readonly string[];
}): boolean {
  if (!input.framed) return true;
  if (input.parentOrigin === input.ownOrigin) return true;
  if (input.siteList.length === 0 && input.videoList.length === 0) return true;
  if (!input.parentOrigin) return false;
  const origin = input.parentOrigin;
  return (
    (input.siteList.length === 0 || input.siteList.includes(origin)) &&
    (input.videoList.length === 0 || input.videoList.includes(origin))
  );
}

/**
 * How the embed page tells where it is framed, from its request: `Sec-Fetch-Dest` says
 * whether it is a frame (`iframe`, `frame`) or a page of its own (`document`); the frame's
 * page is the Referer's origin (browsers send the origin at least, across sites). A browser
 * that sends no `Sec-Fetch-Dest` is taken as framed when it names a Referer.
 */
export function framingOf(headers: { get(name: string): string | null }): {
  framed: boolean;
  parentOrigin: string | null;
} {
  const dest = headers.get('sec-fetch-dest');
  const referer = headers.get('referer');
  let parentOrigin: string | null = null;
  if (referer) {
    try {
      parentOrigin = new URL(referer).origin;
    } catch {
      parentOrigin = null;
    }
  }
  if (dest === 'document') return { framed: false, parentOrigin };
  if (dest === 'iframe' || dest === 'frame') return { framed: true, parentOrigin };
  return { framed: dest !== null || referer !== null, parentOrigin };
}

/** Sets the sites a video may be embedded on (empty: every site the site's list allows). */
export async function setEmbedSites(
  ctx: { db: Database; listings: Listings } & Pick<Call, 'actor'> & Pick<Call, 'now'>,
  input: { _id: string; sites: string[] },
): Promise<Video> {
  const now = ctx.now();
  const current = await loadManagedVideo(ctx, input._id);
  const origins: string[] = [];
  for (const site of input.sites) {
    const origin = embedSiteOrigin(site);
    if (!origin) throw new ServiceError('invalid', EMBED_MESSAGES.badSite(site.slice(0, 100)));
    if (!origins.includes(origin)) origins.push(origin);
  }
  if (origins.length > MAX_EMBED_SITES) throw new ServiceError('invalid', EMBED_MESSAGES.tooMany);
  const [row] = await ctx.db
    .update(videos)
    .set({ embedSites: origins, updatedAt: now })
    .where(eq(videos.id, current.id))
    .returning();
  // The embed page is cached for visitors: the new list shows at once.
  await ctx.listings.invalidate();
  return row!;
}
