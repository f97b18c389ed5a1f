import type { Metadata } from 'next';
import { IntentLink } from '@/components/ui/intent-link';
import { ProfileLink } from '@/components/profile/profile-link';
import { isDeletedAccountName } from '@cutroom/core/features/accounts/my-account/deleted-account';
import { headers } from 'next/headers';
import { forbidden, notFound, permanentRedirect, redirect, unauthorized } from 'next/navigation';
import { VIDEO_HELD_MESSAGE } from '@cutroom/core/access/video-rules';
import { cache } from 'react';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import { partnerMarkOf } from '@cutroom/core/features/money/partner/partner.service';
import { listRecommendedVideos } from '@cutroom/core/features/discovery/browse/listings.service';
import { videoMediaUrls } from '@cutroom/core/features/videos/processing/video-processing.service';
import { isMediaOpenToAll } from '@cutroom/core/access/media-grants';
import { playerMediaFor } from '@/lib/server/media-addresses';
import {
  canonicalVideoPath,
  getWatchPage,
  parseVideoParam,
} from '@cutroom/core/features/videos/watch/watch.service';
import { listingContext } from '@/components/browse/listing-data';
import { OwnerPanelSlot } from '@/components/social/owner-panel-slot';
import { CommentsSection } from '@/components/comments/comments-section';
import { LiveChat } from '@/components/live/live-chat';
import { LiveWaiting } from '@/components/live/live-waiting';
import { LiveBadge, LiveEvents, LiveStage, type LivePhase } from '@/components/live/live-events';
import { listComments } from '@cutroom/core/features/community/comments/comments.service';
import { readLiveStream } from '@cutroom/core/features/videos/live/live.service';
import { SubscribeButton } from '@/components/social/subscribe-button';
import { VideoActions } from '@/components/social/video-actions';
import { loadVideoSocial } from '@/components/social/video-social';
import { VideoWatchLater } from '@/components/library/library-state';
import { ShareMenu } from '@/components/video/share-menu';
import { VideoDescription } from '@/components/video/video-description';
import { VideoReportSlot } from '@/components/moderation/video-report-slot';
import { VideoGrid } from '@/components/video/video-grid';
import { ProcessingWatch } from '@/components/video/processing-watch';
import { HoldPanel } from '@/components/reuploads/hold-panel';
import { HoldDecisionSlot } from '@/components/reuploads/hold-decision-slot';
import { MediaFollower } from '@/components/video/media-follower';
import { loadReuploadHold } from '@cutroom/core/features/moderation/reuploads/holds.service';
import { WatchPlayer } from '@/components/video/watch-player';
import { PasswordGate } from '@/components/video/password-gate';
import { formatDuration, formatViews } from '@/lib/format';
import { getRuntime } from '@/lib/server/runtime';
import { getViewer } from '@/lib/server/session';
import { CATEGORY_NAMES, videoAdSettings } from '@/lib/server/site';

type Params = { params: Promise<{ id: string }> };

const LABEL_ROUTES = [
  { kind: 'tag', route: 'tags', title: 'Tags' },
  { kind: 'music', route: 'music', title: 'Music' },
  { kind: 'star', route: 'star', title: 'Stars' },
  { kind: 'creator', route: 'creator', title: 'Creators' },
] as const;

const STATUS_NOTES = {
  processing: 'This video is still processing: only you can see it for now.',
  unpublished_user: 'You unpublished this video: only you and the moderators can see it.',
  unpublished_admin: 'A moderator unpublished this video: only you and the moderators can see it.',
  failed: 'Processing this video failed.',
  held: 'This video is held before publishing: it matches another member’s video, and staff decide. Only you and the moderators can see it.',
} as const;

/** What a hidden video's page says of it (docs/videos.md). */
function hiddenNote(video: { visibility: string; publishAt: Date | null }): string {
  if (video.publishAt && video.publishAt > new Date()) {
    return `Scheduled: this video goes out on ${video.publishAt.toLocaleString('en', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    })} UTC. Only you and the moderators can see it until then.`;
  }
  if (video.visibility === 'password') {
    return 'Password: only people with the link who give its password can watch this video.';
  }
  return video.visibility === 'private'
    ? 'Private: only its owner and the people they picked can see this video.'
    : 'Unlisted: only people with the link can see this video.';
}

/** One database read per request, shared by the page and its metadata. */
const loadWatchPage = cache(async (param: string) => {
  const parsed = parseVideoParam(param);
  if (!parsed) notFound();
  const viewer = await getViewer(await headers());
  const { database } = await getRuntime();
  try {
    return {
      parsed,
      viewer,
      page: await getWatchPage(
        { db: database.db, actor: viewer, now: () => new Date() },
        parsed.id,
      ),
    };
  } catch (error) {
    if (isServiceError(error) && error.kind === 'not_found') notFound();
    // A held upload was never published: its page says it waits for review (403).
    if (isServiceError(error) && error.message === VIDEO_HELD_MESSAGE) forbidden();
    if (isServiceError(error) && error.kind === 'unauthenticated') unauthorized();
    throw error;
  }
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { page } = await loadWatchPage((await params).id);
  const { storage, config } = await getRuntime();
  // A closed video's poster is its media too: only a grant or an unlock names it
  // (docs/security.md, "Media").
  const urls = isMediaOpenToAll(page.video, new Date())
    ? videoMediaUrls(storage, page.video)
    : null;
  const canonical = `${config.PUBLIC_URL}${canonicalVideoPath(page.video)}`;
  const isListed = page.video.status === 'published';
  return {
    title: page.video.title,
    // Unlisted, private and scheduled videos are kept out of search engines too.
    robots: isListed ? undefined : { index: false, follow: false },
    description: page.video.description.slice(0, 200) || `A video by ${page.uploader.username}`,
    alternates: {
      canonical,
      types: {
        'application/json+oembed': `${config.PUBLIC_URL}/api/oembed?url=${encodeURIComponent(canonical)}`,
      },
    },
    openGraph: {
      type: 'video.other',
      title: page.video.title,
      url: canonical,
      images: urls ? [new URL(urls.posterUrl, config.PUBLIC_URL).toString()] : undefined,
    },
  };
}

export default async function VideoPage({ params }: Params) {
  const { parsed, page, viewer } = await loadWatchPage((await params).id);
  const { video, uploader, labels, canManage } = page;
  if (parsed.slug !== video.slug) permanentRedirect(canonicalVideoPath(video));
  const { database, config } = await getRuntime();
  const db = database.db;
  const { toCards, cachedForAll } = await listingContext();
  // The page's reads go to the database together: on the embedded database, each read awaited
  // after another waits behind every other request's reads again.
  const [partnerMark, recommendedVideos, social, media, comments, live, hold] = await Promise.all([
    partnerMarkOf(db, video.id),
    // The same for every viewer: kept in the listing cache, dropped with it when videos change.
    cachedForAll(`recommended:${video.id}`, () =>
      listRecommendedVideos(db, video.id, { limit: 12, category: video.category }),
    ),
    loadVideoSocial(db, viewer, video),
    // The player's addresses: public, or under a grant for this viewer (docs/security.md).
    video.visibility === 'password' ? null : playerMediaFor(video, viewer),
    // Comments as a visitor sees them; a member's own view follows in the browser.
    video.status === 'published'
      ? listComments({ db, actor: null }, { videoId: video.id })
      : // A public live's waiting page (hidden until its stream comes) has its chat; any
        // other hidden video has none (not found).
        video.status === 'hidden' && video.visibility === 'public'
        ? listComments({ db, actor: null }, { videoId: video.id }).catch((error: unknown) => {
            if (isServiceError(error) && error.kind === 'not_found') return null;
            throw error;
          })
        : null,
    // A live video (docs/live.md): on air, dropped for a moment, or ended.
    readLiveStream(db, video.id),
    // Held as a re-upload, refused or published after a review (docs/reuploads.md): its
    // owner and staff see why, and the decision after it is made.
    viewer && canManage ? loadReuploadHold({ db, actor: viewer }, video.id) : null,
  ]);
  const isOnAir = live?.state === 'live';
  // A scheduled live's waiting page, until its stream arrives (docs/live.md).
  const isScheduled = live?.state === 'scheduled';
  // A live page and where it is; its parts hear the live's events (docs/live.md).
  const livePhase: LivePhase | null = isScheduled
    ? 'scheduled'
    : isOnAir
      ? video.status === 'processing'
        ? 'starting'
        : 'live'
      : live?.state === 'ended' && video.status === 'processing'
        ? 'ended'
        : null;
  // A partner channel's video is watched in its section, where the premium rule applies.
  if (partnerMark) redirect(`/${config.PARTNER_SLUG}/video/${video.id}`);
  const recommended = toCards(recommendedVideos);
  const urls = media?.urls ?? null;
  const subtitles = media?.subtitles ?? [];
  const hasMedia = Boolean(video.masterPlaylistKey && video.posterKey);
  const flags = [
    video.isExplicit && 'Explicit',
    video.isSameSex && 'Same-sex',
    video.isTrans && 'Trans',
    video.hasSeizureWarning && 'Seizure warning',
  ].filter((flag): flag is string => Boolean(flag));
  const pageUrl = `${config.PUBLIC_URL}${canonicalVideoPath(video)}`;
  // A password video's player waits behind its gate.
  const player =
    urls && video.visibility !== 'password' ? (
      <WatchPlayer
        videoId={video.id}
        title={video.title}
        // While processing, the master playlist names the first quality only and grows in
        // place when the ladder is done: its own URL, so the player reloads it then.
        masterPlaylistUrl={
          video.status === 'processing' && !isOnAir
            ? `${urls.masterPlaylistUrl}?first`
            : urls.masterPlaylistUrl
        }
        posterUrl={urls.posterUrl}
        spritesVttUrl={urls.spritesVttUrl}
        subtitles={subtitles}
        durationSeconds={video.durationSeconds}
        countsViews={video.status === 'published' || video.status === 'hidden'}
        videoAds={video.status === 'published' && !isOnAir ? videoAdSettings() : null}
        isLive={isOnAir}
      />
    ) : null;

  // On a phone a live's chat comes right under its player, as on every live site: the page's
  // two columns let their parts into the one column, the player and the chat first.
  const phoneLive = livePhase ? ' max-lg:contents' : '';
  const watchPage = (
    // Theatre mode (the player's button) widens the player over the sidebar: the player sets
    // watch-theatre on this element (theatreAdvanced in watch-player.tsx, globals.css).
    <div
      id="watch-layout"
      data-video-first
      className="watch-layout grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]"
    >
      <article
        className={`min-w-0${phoneLive}`}
        data-testid="watch-page"
        data-ad-category={video.category}
        data-ad-tags={labels.tag.join(',')}
      >
        <div className={livePhase ? 'min-w-0 max-lg:order-first' : undefined}>
          {isOnAir && video.status === 'processing' && canManage && (
            <p role="status" className="mb-3 rounded-lg bg-accent/15 px-4 py-3 text-sm">
              Your live starts in a moment: its first seconds are on their way.
            </p>
          )}
          {isOnAir && live.droppedAt && (
            <p role="status" className="mb-3 rounded-lg bg-accent/15 px-4 py-3 text-sm">
              The stream dropped: the live continues if it comes back within a minute.
            </p>
          )}
          {video.status !== 'published' &&
            !(isOnAir && video.status === 'processing') &&
            !isScheduled &&
            // An ended live's viewers see the stage say it; its owner sees the processing note.
            !(livePhase === 'ended' && !canManage) && (
              <p
                role="status"
                className="mb-3 rounded-lg bg-accent/15 px-4 py-3 text-sm text-orange-100"
              >
                {video.status === 'hidden' ? hiddenNote(video) : STATUS_NOTES[video.status]}
                {video.status === 'failed' && video.failureReason
                  ? ` ${video.failureReason}`
                  : ''}{' '}
                {live?.state === 'ended' && video.status === 'processing' && (
                  <span data-testid="replay-note">
                    The live has ended: its replay is being processed and plays here once
                    ready.{' '}
                  </span>
                )}
                {video.status === 'processing' && urls && video.topQuality != null && (
                  <span data-testid="playable-note">
                    It plays in {video.topQuality}p now; the other qualities are on their way.{' '}
                  </span>
                )}
                {(video.status === 'processing' || video.status === 'failed') && (
                  <IntentLink href="/processing" className="underline">
                    See processing
                  </IntentLink>
                )}
              </p>
            )}
          {hold ? (
            <HoldPanel hold={hold} isOwner={viewer?.id === video.ownerId} />
          ) : (
            (video.status === 'published' || video.status === 'hidden') && (
              // The page served alike to everyone: its uploader and staff ask for the decision.
              <HoldDecisionSlot videoId={video.id} />
            )
          )}
          {/* A replaced file reaches the open page (docs/videos.md, Replacing the file), and
              so does a live's full replay in place of the one made of its segments. */}
          {(video.status === 'published' || video.status === 'hidden') &&
            (!live || live.state === 'ended') && <MediaFollower videoId={video.id} />}
          {video.status === 'processing' && !isOnAir && canManage && (
            <ProcessingWatch videoId={video.id} hasPlayer={urls !== null} />
          )}
          {isScheduled ? (
            <LiveWaiting
              startsAt={live.scheduledFor?.toISOString() ?? null}
              hasChat={Boolean(comments)}
            />
          ) : livePhase ? (
            // Its owner sees the replay's first quality while it is prepared; its viewers the stage.
            <LiveStage hasPlayer={player !== null && (isOnAir || canManage)}>
              {(isOnAir || canManage) && player}
            </LiveStage>
          ) : hasMedia && video.visibility === 'password' ? (
            // The page everyone is served names no media of it: the password opens them.
            <PasswordGate
              canManage={canManage}
              videoId={video.id}
              title={video.title}
              durationSeconds={video.durationSeconds}
              countsViews={video.status === 'published' || video.status === 'hidden'}
              videoAds={null}
            />
          ) : player ? (
            player
          ) : (
            <div className="flex aspect-video items-center justify-center rounded-xl bg-surface-overlay text-neutral-400">
              The video will play here once it is processed.
            </div>
          )}
        </div>
        <h1 className="mt-4 text-xl font-bold text-white sm:text-2xl">
          {isOnAir && <LiveBadge />}
          {video.title}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-neutral-400">
          <span data-testid="video-views">{formatViews(video.views)}</span>
          {/* A live's replay: it was streamed live on its date (docs/live.md, "The end"). */}
          {live?.state === 'ended' && <span data-testid="streamed-live">Streamed live</span>}
          {video.publishedAt && (
            <time dateTime={video.publishedAt.toISOString()}>
              {video.publishedAt.toLocaleDateString('en', {
                year: 'numeric',
                month: 'long',
                day: 'numeric',
              })}
            </time>
          )}
          {video.durationSeconds != null && <span>{formatDuration(video.durationSeconds)}</span>}
          {video.topQuality != null && <span>{video.topQuality}p</span>}
        </div>

        {video.status === 'published' && (
          <VideoActions
            videoId={video.id}
            upvotes={video.upvotes}
            downvotes={video.downvotes}
            myVote={social.myVote}
            isFavorited={social.favorite.isFavorited}
            favoritesCount={social.favorite.favoritesCount}
            signedIn={Boolean(viewer)}
          />
        )}

        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          <ProfileLink username={uploader.username} className="flex items-center gap-3">
            {uploader.image ? (
              <img src={uploader.image} alt="" className="h-10 w-10 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-accent font-bold text-black"
              >
                {uploader.username.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span className="font-semibold text-white">{uploader.username}</span>
          </ProfileLink>
          {viewer?.id !== uploader.id && !isDeletedAccountName(uploader.username) && (
            <SubscribeButton
              username={uploader.username}
              initiallySubscribed={social.subscribed}
              initialCount={social.subscribers}
              signedIn={Boolean(viewer)}
              videoId={video.id}
            />
          )}
          <ShareMenu
            pageUrl={pageUrl}
            publicUrl={config.PUBLIC_URL}
            videoId={video.id}
            title={video.title}
            canEmbed={video.status === 'published'}
            aspectRatio={video.aspectRatio}
          />
          {video.status === 'published' && (
            <VideoWatchLater videoId={video.id} title={video.title} />
          )}
          {video.status === 'published' && (
            <VideoReportSlot videoId={video.id} title={video.title} />
          )}
        </div>

        {video.description && (
          <VideoDescription text={video.description} durationSeconds={video.durationSeconds} />
        )}

        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex flex-wrap gap-2">
            <dt className="w-20 shrink-0 text-neutral-400">Category</dt>
            <dd>
              <IntentLink
                href={`/category/${video.category}`}
                className="text-accent hover:underline"
              >
                {CATEGORY_NAMES[video.category]}
              </IntentLink>
            </dd>
          </div>
          {flags.length > 0 && (
            <div className="flex flex-wrap gap-2">
              <dt className="w-20 shrink-0 text-neutral-400">Flags</dt>
              <dd className="flex flex-wrap gap-1.5">
                {flags.map((flag) => (
                  <span key={flag} className="rounded bg-white/10 px-2 py-0.5 text-xs">
                    {flag}
                  </span>
                ))}
              </dd>
            </div>
          )}
          {LABEL_ROUTES.filter(({ kind }) => labels[kind].length > 0).map(
            ({ kind, route, title }) => (
              <div key={kind} className="flex flex-wrap gap-2">
                <dt className="w-20 shrink-0 text-neutral-400">{title}</dt>
                <dd className="flex flex-wrap gap-1.5">
                  {labels[kind].map((name) => (
                    <IntentLink
                      key={name}
                      href={`/${route}/${encodeURIComponent(name)}`}
                      className="rounded-full bg-white/10 px-2.5 py-0.5 text-xs hover:bg-white/20"
                    >
                      {name}
                    </IntentLink>
                  ))}
                </dd>
              </div>
            ),
          )}
        </dl>

        {(canManage || video.status === 'published' || video.status === 'hidden') && (
          <OwnerPanelSlot
            canManage={canManage}
            video={{
              id: video.id,
              title: video.title,
              description: video.description,
              category: video.category,
              status: video.status,
              isExplicit: video.isExplicit,
              isSameSex: video.isSameSex,
              isTrans: video.isTrans,
              hasSeizureWarning: video.hasSeizureWarning,
              labels,
            }}
          />
        )}
        {comments && !isOnAir && !isScheduled && (
          <CommentsSection
            videoId={video.id}
            durationSeconds={video.durationSeconds}
            signedIn={Boolean(viewer)}
            initial={{
              data: comments.data,
              count: comments.count,
              index: comments.index,
              hasMore: comments.hasMore,
              totalCount: comments.totalCount,
            }}
          />
        )}
      </article>

      <aside aria-labelledby="recommended-heading" className={`min-w-0${phoneLive}`}>
        {comments && (isOnAir || isScheduled) && (
          // A live's chat is its comments, beside it (and its waiting page) and updated live
          // (docs/live.md).
          <div className="mb-6 min-w-0 max-lg:order-first">
            <LiveChat
              videoId={video.id}
              durationSeconds={null}
              signedIn={Boolean(viewer)}
              initial={{
                data: comments.data,
                count: comments.count,
                index: comments.index,
                hasMore: comments.hasMore,
                totalCount: comments.totalCount,
              }}
            />
          </div>
        )}
        <h2 id="recommended-heading" className="mb-3 text-lg font-semibold">
          Recommended
        </h2>
        {recommended.length > 0 ? (
          <VideoGrid videos={recommended} layout="sidebar" />
        ) : (
          <p className="text-sm text-neutral-400">Nothing to recommend yet.</p>
        )}
      </aside>
    </div>
  );
  return livePhase ? (
    <LiveEvents videoId={video.id} phase={livePhase}>
      {watchPage}
    </LiveEvents>
  ) : (
    watchPage
  );
}
