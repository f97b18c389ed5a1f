// Public entry: safe to import during server rendering (nothing touches window at import).
export { createPlayer, PLAYER_EVENTS } from './player.ts';
export type {
  EventInfo,
  Player,
  PlayerChapter,
  PlayerEventCallback,
  PlayerEvent,
  PlayerEventName,
  SubtitleTrack,
  VideoSource,
} from './player.ts';
export type * from './options.ts';
export type { QualityLevel } from './engine-types.ts';
export type { DisplayMode } from './modes.ts';
export type { SuggestedVideo, SuggestedSource } from './suggested.ts';
export { version } from './version.ts';
