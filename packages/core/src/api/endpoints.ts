import {
  checkUsernameEndpoint,
  createUserEndpoint,
  initNewUserEndpoint,
  passwordPolicyEndpoint,
  recaptchaConfigEndpoint,
} from '../accounts/accounts.endpoints';
import { getMoreVideosEndpoint } from '../browse/browse.endpoints';
import { consoleEndpoint } from '../console/console.endpoints';
import { eventsEndpoint } from '../events/events.endpoints';
import { feedEndpoint } from '../feed/feed.endpoints';
import { commentsEndpoint } from '../comments/comments.endpoints';
import { libraryEndpoint } from '../library/library.endpoints';
import { liveEndpoint } from '../live/live.endpoints';
import { memberPartsEndpoint } from '../member-parts/member-parts.endpoints';
import { accountEndpoint } from '../my-account/my-account.endpoints';
import { sendMessageEndpoint } from '../messages/messages.endpoints';
import { adminEndpoint } from '../moderation/admin.endpoints';
import { watchedWordsEndpoint } from '../moderation/watched-words.endpoints';
import { metadataEndpoint } from '../metadata/metadata.endpoints';
import { notificationsEndpoint } from '../notifications/notifications.endpoints';
import { partnerEndpoint } from '../partner/partner.endpoints';
import { ticketsEndpoint } from '../tickets/tickets.endpoints';
import { taggingEndpoint } from '../tagging/tagging.endpoints';
import { playlistsEndpoint } from '../playlists/playlists.endpoints';
import { privacyEndpoint } from '../privacy/privacy.endpoints';
import { reportsEndpoint } from '../reports/reports.endpoints';
import { reuploadsEndpoint } from '../reuploads/reuploads.endpoints';
import { profileInputEndpoint, removeFriendEndpoint } from '../profiles/profile-input.endpoints';
import { searchV2Endpoint } from '../search/search.endpoints';
import { statisticsEndpoint } from '../statistics/statistics.endpoints';
import { supportEndpoint } from '../supporter/supporter.endpoints';
import { videoInputEndpoint } from '../video-input/video-input.endpoints';
import { videoSettingsEndpoint } from '../video-settings/video-settings.endpoints';
import { countViewEndpoint } from '../watch/watch.endpoints';
import type { Endpoint } from './endpoint';

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
];

export function findEndpoint(path: string): Endpoint | undefined {
  return endpoints.find((endpoint) => endpoint.path === path);
}
