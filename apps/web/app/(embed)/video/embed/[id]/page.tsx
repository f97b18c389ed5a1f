import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import {
  partnerMarkOf,
  PREMIUM_REFUSAL_MESSAGE,
} from '@cutroom/core/features/money/partner/partner.service';
import { videoMediaUrls } from '@cutroom/core/features/videos/processing/video-processing.service';
import { listSubtitles } from '@cutroom/core/features/videos/settings/subtitles.service';
import {
  EMBED_MESSAGES,
  framingOf,
  mayEmbedOn,
  parseEmbedSites,
} from '@cutroom/core/features/videos/settings/embed-sites';
import {
  canonicalVideoPath,
  getWatchPage,
  parseVideoParam,
} from '@cutroom/core/features/videos/watch/watch.service';
import { MemberPartsProvider } from '@/components/shell/member-parts';
import { WatchPlayer } from '@/components/video/watch-player';
import { PasswordGate } from '@/components/video/password-gate';
import { WatchOnBadge } from '@/components/video/watch-on-badge';
import { getRuntime } from '@/lib/server/runtime';
import { videoAdSettings } from '@/lib/server/site';

type Params = { params: Promise<{ id: string }> };

export const metadata: Metadata = { robots: { index: false } };

/** The player alone, filling the frame: for iframes on other sites. */
export default async function EmbedPage({ params }: Params) {
  const parsed = parseVideoParam((await params).id);
  if (!parsed) notFound();
  const { database, storage, config } = await getRuntime();
  let page;
  try {
    page = await getWatchPage({ db: database.db, actor: null, now: () => new Date() }, parsed.id);
  } catch (error) {
    if (isServiceError(error)) {
      return (
        <p className="flex h-screen items-center justify-center bg-black p-4 text-center text-white">
          {error.message}
        </p>
      );
    }
    throw error;
  }
  // Only the sites the site and the uploader allow may frame it (docs/videos.md); the page
  // cache keeps this page apart for each Referer and Sec-Fetch-Dest.
  const allowed = mayEmbedOn({
    ...framingOf(await headers()),
    ownOrigin: new URL(config.PUBLIC_URL).origin,
    siteList: parseEmbedSites(config.EMBED_SITES),
    videoList: page.video.embedSites,
  });
  if (!allowed) {
    return (
      <div
        className="flex h-screen flex-col items-center justify-center gap-2 bg-black p-4 text-center text-white"
        data-testid="embed-refused"
      >
        <p>{EMBED_MESSAGES.refused}</p>
        <a
          href={`${config.PUBLIC_URL}${canonicalVideoPath(page.video)}`}
          target="_blank"
          rel="noopener"
          className="text-sm text-accent underline"
        >
          Watch it on {config.SITE_NAME}
        </a>
      </div>
    );
  }
  // A partner channel's premium video plays only in its section, for its subscribers.
  if ((await partnerMarkOf(database.db, page.video.id))?.isPremium) {
    return (
      <p className="flex h-screen items-center justify-center bg-black p-4 text-center text-white">
        {PREMIUM_REFUSAL_MESSAGE}
      </p>
    );
  }
  const urls = videoMediaUrls(storage, page.video);
  if (!urls) notFound();
  const isLocked = page.video.visibility === 'password';
  const subtitles = isLocked ? [] : await listSubtitles(database.db, storage, page.video.id);
  return (
    <div className="relative h-screen w-screen bg-black" data-theme-keep="dark">
      {/* Supporters (known by their parts, when the browser sends their cookies here) play
          no pre-roll; everyone else does (docs/ads.md). */}
      <MemberPartsProvider initial={null}>
        {isLocked ? (
          // A password video: the frame asks for it; no media address before (docs/videos.md).
          <PasswordGate
            videoId={page.video.id}
            title={page.video.title}
            durationSeconds={page.video.durationSeconds}
            countsViews
            fillFrame
            videoAds={null}
          />
        ) : (
          <WatchPlayer
            videoId={page.video.id}
            title={page.video.title}
            masterPlaylistUrl={urls.masterPlaylistUrl}
            posterUrl={urls.posterUrl}
            spritesVttUrl={urls.spritesVttUrl}
            subtitles={subtitles}
            durationSeconds={page.video.durationSeconds}
            countsViews
            fillFrame
            videoAds={videoAdSettings()}
          />
        )}
      </MemberPartsProvider>
      <WatchOnBadge
        href={`${config.PUBLIC_URL}${canonicalVideoPath(page.video)}`}
        siteName={config.SITE_NAME}
      />
    </div>
  );
}
