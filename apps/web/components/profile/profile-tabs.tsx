import { IntentLink } from '@/components/ui/intent-link';
import type { Profile } from '@cutroom/core/features/people/profiles/profile.service';

export const PROFILE_TABS = [
  'videos',
  'favorites',
  'playlists',
  'friends',
  'subscribers',
  'subscriptions',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

const LABELS: Record<ProfileTab, string> = {
  videos: 'Videos',
  favorites: 'Favorites',
  playlists: 'Playlists',
  friends: 'Friends',
  subscribers: 'Subscribers',
  subscriptions: 'Subscriptions',
};

const countOf = (profile: Profile, tab: ProfileTab) =>
  ({
    videos: profile.videosLength,
    favorites: profile.favoritesLength,
    playlists: profile.playlistsLength,
    friends: profile.friendsLength,
    subscribers: profile.subscribersLength,
    subscriptions: profile.subscriptionsLength,
  })[tab];

/** The profile's tabs as links (they work without JavaScript and keep Back working). */
export function ProfileTabs({ profile, current }: { profile: Profile; current: ProfileTab }) {
  const base = `/profile/${encodeURIComponent(profile.username)}`;
  return (
    <nav aria-label="Profile sections" className="-mx-3 overflow-x-auto px-3">
      <ul className="flex min-w-max gap-1 border-b border-white/10">
        {PROFILE_TABS.map((tab) => (
          <li key={tab}>
            <IntentLink
              href={tab === 'videos' ? base : `${base}?tab=${tab}`}
              aria-current={tab === current ? 'page' : undefined}
              data-testid={`tab-${tab}`}
              className={`block border-b-2 px-3 py-2 text-sm ${
                tab === current
                  ? 'border-accent font-semibold text-white'
                  : 'border-transparent text-neutral-400 hover:text-white'
              }`}
            >
              {LABELS[tab]} <span className="text-neutral-500">{countOf(profile, tab)}</span>
            </IntentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
