import type { Metadata } from 'next';
import { IntentLink } from '@/components/ui/intent-link';
import { notFound } from 'next/navigation';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import { listFriends } from '@cutroom/core/features/people/friends/friends.service';
import { listPlaylists } from '@cutroom/core/features/library/playlists/playlists.service';
import {
  getProfile,
  listProfileFavorites,
  listProfileVideos,
  type Profile,
} from '@cutroom/core/features/people/profiles/profile.service';
import { findUserByUsername } from '@cutroom/core/features/people/social/people-access';
import {
  listSubscribers,
  listSubscriptions,
} from '@cutroom/core/features/people/subscriptions/subscriptions.service';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { Pagination } from '@/components/browse/pagination';
import { CreatePlaylistForm } from '@/components/playlist/create-playlist-form';
import { PlaylistGrid } from '@/components/playlist/playlist-grid';
import { Avatar } from '@/components/profile/avatar';
import { FriendButton } from '@/components/profile/friend-button';
import { MessageButton } from '@/components/profile/message-button';
import { BlockButton } from '@/components/privacy/block-button';
import { hasBlockedUsername } from '@cutroom/core/features/accounts/privacy/privacy.service';
import { messageRefusal } from '@cutroom/core/access/people-rules';
import { hasReported } from '@cutroom/core/features/moderation/reports/reports.service';
import { HELD_UPLOAD_TEXT } from '@cutroom/core/features/moderation/reuploads/reupload-messages';
import { ReportButton } from '@/components/moderation/report-button';
import { PeopleList } from '@/components/profile/people-list';
import { ProfileEditor } from '@/components/profile/profile-editor';
import { ProfileLinks } from '@/components/profile/profile-links';
import { PROFILE_TABS, ProfileTabs, type ProfileTab } from '@/components/profile/profile-tabs';
import { SubscribeButton } from '@/components/social/subscribe-button';
import { EmptyState, VideoGrid } from '@/components/video/video-grid';

export const dynamic = 'force-dynamic';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

type Props = { params: Promise<{ id: string }>; searchParams: SearchParamsPromise };

async function loadProfile(username: string) {
  const context = await listingContext();
  try {
    return { context, profile: await getProfile({ ...context, actor: context.viewer }, username) };
  } catch (error) {
    if (isServiceError(error) && error.kind === 'not_found') notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).id) };
}

export default async function ProfilePage({ params, searchParams }: Props) {
  const username = decodeURIComponent((await params).id);
  const query = await searchParams;
  const { context, profile } = await loadProfile(username);
  const tab = (PROFILE_TABS as readonly string[]).includes(String(query.tab))
    ? (query.tab as ProfileTab)
    : 'videos';
  const index = pageIndexFrom(query.page);
  const signedIn = Boolean(context.viewer);
  // What the signed-in viewer stands at with this member: blocked, reported, whether a message
  // would be refused (the Message button then gives way to the reason, before anything is written).
  const viewer = profile.isSelf ? null : context.viewer;
  const target = viewer ? await findUserByUsername(context.db, profile.username) : null;
  const [blocked, reported, messageRefused] =
    viewer && target
      ? await Promise.all([
          hasBlockedUsername(context.db, viewer.id, profile.username),
          hasReported({ ...context, actor: viewer }, 'member', target.id),
          messageRefusal(context.db, viewer.id, target),
        ])
      : [false, false, null];

  return (
    <div className="space-y-6" data-testid="profile-page">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Avatar username={profile.username} image={profile.avatar} size={96} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="break-all text-2xl font-bold" data-testid="profile-username">
              {profile.username}
            </h1>
            <ul className="flex flex-wrap gap-1.5" aria-label="Ranks">
              {profile.ranks.map((rank) => (
                <li key={rank.name}>
                  <IntentLink
                    href="/ranks"
                    className="rounded-full bg-accent/20 px-2.5 py-0.5 text-xs font-semibold text-accent hover:bg-accent/30"
                  >
                    {rank.name}
                  </IntentLink>
                </li>
              ))}
            </ul>
          </div>
          <p className="mt-1 text-sm text-neutral-400">
            {plural(profile.videosLength, 'video')} ·{' '}
            {plural(profile.subscribersLength, 'subscriber')} ·{' '}
            {plural(profile.friendsLength, 'friend')} · member since{' '}
            {new Date(profile.memberSince).toLocaleDateString('en', {
              year: 'numeric',
              month: 'long',
            })}
          </p>
          {profile.description && (
            <p className="mt-3 max-w-3xl whitespace-pre-line break-words text-sm text-neutral-200">
              {profile.description}
            </p>
          )}
          <ProfileLinks profile={profile} />
        </div>
        {!profile.isSelf && (
          // In a row, tops aligned: each button keeps a line below it for its own message.
          <div className="flex flex-wrap items-start gap-x-3 gap-y-1 sm:justify-end">
            <SubscribeButton
              username={profile.username}
              initiallySubscribed={profile.isSubscribed}
              initialCount={profile.subscribersLength}
              signedIn={signedIn}
            />
            <FriendButton
              username={profile.username}
              state={profile.friendship}
              signedIn={signedIn}
            />
            {messageRefused ? (
              <p
                className="max-w-xs self-center text-sm text-neutral-400"
                data-testid="message-refused"
              >
                {messageRefused}
              </p>
            ) : (
              <MessageButton username={profile.username} signedIn={signedIn} />
            )}
            <ReportButton
              targetKind="member"
              targetId={profile.username}
              targetName={profile.username}
              signedIn={signedIn}
              className="inline-flex items-center justify-center rounded-full border border-white/20 px-4 py-2 text-sm font-semibold hover:bg-white/10 disabled:opacity-60"
              initiallyReported={reported}
            />
            {signedIn && <BlockButton username={profile.username} initiallyBlocked={blocked} />}
          </div>
        )}
      </header>
      {profile.isSelf && (
        <ProfileEditor
          hasAvatar={Boolean(profile.avatar)}
          initial={{
            description: profile.description,
            website: profile.website,
            twitter: profile.twitter,
            discord: profile.discord,
            patreon: profile.patreon,
            bitcoin: profile.bitcoin,
            ethereum: profile.ethereum,
          }}
        />
      )}
      <ProfileTabs profile={profile} current={tab} />
      <section aria-label={tab}>
        <TabContent tab={tab} index={index} profile={profile} context={context} />
      </section>
    </div>
  );
}

type Context = Awaited<ReturnType<typeof listingContext>>;

async function TabContent({
  tab,
  index,
  profile,
  context,
}: {
  tab: ProfileTab;
  index: number;
  profile: Profile;
  context: Context;
}) {
  const { db, viewer } = context;
  const basePath = `/profile/${encodeURIComponent(profile.username)}`;
  const params = new URLSearchParams(tab === 'videos' ? {} : { tab });
  const pages = (page: { index: number; pageSize: number; count: number; hasMore: boolean }) => (
    <Pagination
      basePath={basePath}
      params={params}
      index={page.index}
      pageSize={page.pageSize}
      count={page.count}
      hasMore={page.hasMore}
    />
  );
  const who = profile.isSelf ? 'You have' : `${profile.username} has`;

  if (tab === 'videos') {
    const page = await listProfileVideos({ ...context, actor: viewer }, profile.username, index);
    return (
      <>
        {page.processingVideos.length > 0 && (
          <div
            className="mb-6 rounded-lg border border-white/10 p-4"
            data-testid="processing-videos"
          >
            <div className="mb-2 flex items-baseline justify-between gap-2">
              <h2 className="font-semibold">Processing (only you see these)</h2>
              <IntentLink href="/processing" className="text-sm text-accent underline">
                See processing
              </IntentLink>
            </div>
            <ul className="space-y-2">
              {page.processingVideos.map((video) => (
                <li key={video.id} className="text-sm">
                  <div className="flex justify-between gap-2">
                    <span className="min-w-0 truncate">{video.title}</span>
                    <span className="shrink-0 text-neutral-400">
                      {video.status === 'failed'
                        ? 'Failed'
                        : video.status === 'held'
                          ? 'Held'
                          : `${Math.round(video.progress)} %`}
                    </span>
                  </div>
                  {video.status === 'failed' ? (
                    <p className="text-red-400">{video.failureReason ?? 'Processing failed'}</p>
                  ) : video.status === 'held' ? (
                    <p className="text-amber-200">{HELD_UPLOAD_TEXT}</p>
                  ) : (
                    <progress
                      max={100}
                      value={video.progress}
                      aria-label={`Processing ${video.title}`}
                      className="h-1.5 w-full accent-[#ff9800]"
                    />
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        {page.data.length === 0 ? (
          <EmptyState
            title={index > 0 ? 'No more videos here' : 'No videos yet'}
            action={profile.isSelf ? { href: '/upload', label: 'Upload a video' } : undefined}
          >
            {index > 0 ? 'This page is past the end of the list.' : `${who} published no videos.`}
          </EmptyState>
        ) : (
          <VideoGrid videos={context.toCards(page.data)} />
        )}
        {pages(page)}
      </>
    );
  }
  if (tab === 'favorites') {
    const page = await listProfileFavorites(db, profile.username, index);
    return page.data.length === 0 ? (
      <EmptyState title="No favorites yet">
        {who} not favorited any video{index > 0 ? ' on this page' : ''}.
      </EmptyState>
    ) : (
      <>
        <VideoGrid videos={context.toCards(page.data)} />
        {pages(page)}
      </>
    );
  }
  if (tab === 'playlists') {
    const owner = await findUserByUsername(db, profile.username);
    const page = await listPlaylists({ ...context, actor: viewer }, owner.id, index);
    return (
      <>
        {profile.isSelf && <CreatePlaylistForm />}
        {page.data.length === 0 ? (
          <EmptyState title="No playlists yet">
            {profile.isSelf
              ? 'Make one above, or save a video to a playlist from its page.'
              : `${profile.username} has no public playlists.`}
          </EmptyState>
        ) : (
          <PlaylistGrid playlists={page.data} mediaBaseUrl={context.mediaBaseUrl} />
        )}
        {pages(page)}
      </>
    );
  }
  if (tab === 'friends') {
    const friends = await listFriends(
      { ...context, actor: viewer },
      {
        username: profile.username,
        list: 'friends',
        index,
      },
    );
    const [incoming, outgoing] = profile.isSelf
      ? await Promise.all([
          listFriends({ ...context, actor: viewer }, { list: 'friendRequests' }),
          listFriends({ ...context, actor: viewer }, { list: 'pendingFriendRequests' }),
        ])
      : [null, null];
    return (
      <div className="space-y-8">
        {incoming && incoming.count > 0 && (
          <div>
            <h2 className="mb-3 font-semibold">Friend requests ({incoming.count})</h2>
            <PeopleList
              people={incoming.data}
              testId="friend-requests"
              actions={(person) => (
                <FriendButton username={person.username} state="incoming" signedIn compact />
              )}
            />
          </div>
        )}
        {outgoing && outgoing.count > 0 && (
          <div>
            <h2 className="mb-3 font-semibold">Sent requests ({outgoing.count})</h2>
            <PeopleList
              people={outgoing.data}
              testId="pending-friend-requests"
              actions={(person) => (
                <FriendButton username={person.username} state="requested" signedIn compact />
              )}
            />
          </div>
        )}
        <div>
          <h2 className="mb-3 font-semibold">Friends ({friends.count})</h2>
          {friends.data.length === 0 ? (
            <EmptyState title="No friends yet">{who} no friends here yet.</EmptyState>
          ) : (
            <PeopleList
              people={friends.data}
              testId="friends-list"
              actions={
                profile.isSelf
                  ? (person) => (
                      <FriendButton username={person.username} state="friends" signedIn compact />
                    )
                  : undefined
              }
            />
          )}
          {pages(friends)}
        </div>
      </div>
    );
  }
  const page =
    tab === 'subscribers'
      ? await listSubscribers(db, profile.username, index)
      : await listSubscriptions(db, profile.username, index);
  return page.data.length === 0 ? (
    <EmptyState title={tab === 'subscribers' ? 'No subscribers yet' : 'No subscriptions yet'}>
      {tab === 'subscribers'
        ? `Nobody subscribes to ${profile.isSelf ? 'you' : profile.username} yet.`
        : `${who} not subscribed to anyone yet.`}
    </EmptyState>
  ) : (
    <>
      <PeopleList people={page.data} testId={`${tab}-list`} />
      {pages(page)}
    </>
  );
}
