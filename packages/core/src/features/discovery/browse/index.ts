// What discovery/browse offers the other features: they import it from here alone.

export {
  FriendshipAnswer,
  InboxEntryAnswer,
  NewUserRecordAnswer,
  PagePosition,
  PersonAnswer,
  PlaylistAnswer,
  PlaylistMenuAnswer,
  ProfileAnswer,
  ProfileLengths,
  VideoListItem,
  VideoPageAnswer,
  toVideoListItem,
  toVideoPageAnswer,
} from './answers';
export {
  DASHBOARD_PAGE_SIZE,
  DEFAULT_FILTERS,
  GetMoreVideosInput,
  LISTING_PAGE_SIZE,
  MAX_PAGE_INDEX,
  VideoFilters,
} from './browse.schema';
export {
  POPULAR_ORDER,
  countFiltered,
  estimateCount,
  filterConditions,
  isPublished,
  listVideos,
  scopeOf,
  summaryColumns,
  toSummary,
} from './browse.service';
export type { FilterScope, VideoPage, VideoSummary } from './browse.service';
export { listRecommendedVideos } from './listings.service';
export { queryRows } from './query-rows';
