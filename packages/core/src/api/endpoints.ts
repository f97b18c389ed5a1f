import {
  checkUsernameEndpoint,
  createUserEndpoint,
  initNewUserEndpoint,
  passwordPolicyEndpoint,
  recaptchaConfigEndpoint,
} from '../features/accounts/auth/accounts.endpoints';
import { getMoreVideosEndpoint } from '../features/discovery/search/more-videos.endpoints';
import { consoleEndpoint } from '../features/site/console/console.endpoints';
import { eventsEndpoint } from '../features/community/events/events.endpoints';
import { feedEndpoint } from '../features/discovery/feed/feed.endpoints';
import { commentsEndpoint } from '../features/community/comments/comments.endpoints';
import { libraryEndpoint } from '../features/library/watch-later/library.endpoints';
import { liveEndpoint } from '../features/videos/live/live.endpoints';
import { memberPartsEndpoint } from '../features/site/member-parts/member-parts.endpoints';
import { accountEndpoint } from '../features/accounts/my-account/my-account.endpoints';
import { sendMessageEndpoint } from '../features/people/messages/messages.endpoints';
import { adminEndpoint } from '../features/moderation/staff/admin.endpoints';
import { watchedWordsEndpoint } from '../features/moderation/watched-words/watched-words.endpoints';
import { metadataEndpoint } from '../features/videos/metadata/metadata.endpoints';
import { notificationsEndpoint } from '../features/people/notifications/notifications.endpoints';
import { partnerEndpoint } from '../features/money/partner/partner.endpoints';
import { ticketsEndpoint } from '../features/community/tickets/tickets.endpoints';
import { taggingEndpoint } from '../features/community/tagging/tagging.endpoints';
import { playlistsEndpoint } from '../features/library/playlists/playlists.endpoints';
import { privacyEndpoint } from '../features/accounts/privacy/privacy.endpoints';
import { reportsEndpoint } from '../features/moderation/reports/reports.endpoints';
import { reuploadsEndpoint } from '../features/moderation/reuploads/reuploads.endpoints';
import {
  profileInputEndpoint,
  removeFriendEndpoint,
} from '../features/people/profiles/profile-input.endpoints';
import { searchV2Endpoint } from '../features/discovery/search/search.endpoints';
import { statisticsEndpoint } from '../features/videos/statistics/statistics.endpoints';
import { supportEndpoint } from '../features/money/supporter/supporter.endpoints';
import { videoInputEndpoint } from '../features/videos/input/video-input.endpoints';
import { videoSettingsEndpoint } from '../features/videos/settings/video-settings.endpoints';
import { countViewEndpoint } from '../features/videos/watch/watch.endpoints';
import type { Endpoint } from '../kernel/endpoint';

/**
 * Any endpoint of the domain with its path and schemas' own types, for typed clients. Named one
 * by one (not derived from the list below) so that the declaration files refer to each
 * endpoint's type instead of writing all of them out again here (188 KB, and twice the
 * type-check's work for every project that reads it).
 */
export type DomainEndpoint =
  | typeof checkUsernameEndpoint
  | typeof createUserEndpoint
  | typeof initNewUserEndpoint
  | typeof passwordPolicyEndpoint
  | typeof recaptchaConfigEndpoint
  | typeof adminEndpoint
  | typeof getMoreVideosEndpoint
  | typeof feedEndpoint
  | typeof searchV2Endpoint
  | typeof metadataEndpoint
  | typeof countViewEndpoint
  | typeof videoInputEndpoint
  | typeof videoSettingsEndpoint
  | typeof profileInputEndpoint
  | typeof removeFriendEndpoint
  | typeof playlistsEndpoint
  | typeof sendMessageEndpoint
  | typeof commentsEndpoint
  | typeof privacyEndpoint
  | typeof reportsEndpoint
  | typeof reuploadsEndpoint
  | typeof consoleEndpoint
  | typeof notificationsEndpoint
  | typeof ticketsEndpoint
  | typeof taggingEndpoint
  | typeof memberPartsEndpoint
  | typeof libraryEndpoint
  | typeof accountEndpoint
  | typeof statisticsEndpoint
  | typeof eventsEndpoint
  | typeof partnerEndpoint
  | typeof supportEndpoint
  | typeof watchedWordsEndpoint
  | typeof liveEndpoint;

/** Every endpoint of the JSON API: the web app routes them, the /api page documents them. */
export const endpoints: readonly Endpoint[] = [
  checkUsernameEndpoint,
  createUserEndpoint,
  initNewUserEndpoint,
  passwordPolicyEndpoint,
  recaptchaConfigEndpoint,
  adminEndpoint,
  getMoreVideosEndpoint,
  feedEndpoint,
  searchV2Endpoint,
  metadataEndpoint,
  countViewEndpoint,
  videoInputEndpoint,
  videoSettingsEndpoint,
  profileInputEndpoint,
  removeFriendEndpoint,
  playlistsEndpoint,
  sendMessageEndpoint,
  commentsEndpoint,
  privacyEndpoint,
  reportsEndpoint,
  reuploadsEndpoint,
  consoleEndpoint,
  notificationsEndpoint,
  ticketsEndpoint,
  taggingEndpoint,
  memberPartsEndpoint,
  libraryEndpoint,
  accountEndpoint,
  statisticsEndpoint,
  eventsEndpoint,
  partnerEndpoint,
  supportEndpoint,
  watchedWordsEndpoint,
  liveEndpoint,
] satisfies readonly DomainEndpoint[];

export function findEndpoint(path: string): Endpoint | undefined {
  return endpoints.find((endpoint) => endpoint.path === path);
}
