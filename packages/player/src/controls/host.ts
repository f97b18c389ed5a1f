// What the controls read of the player and ask of it: narrow views of the controllers that the
// facade (player.ts) hands in. Changes reach the controls as events, the media's from the video
// element and the player's own through the context (PlayerEvents); a control never holds another
// control or a whole controller.
import type { DisplayModesController } from '../controllers/display-modes-controller.ts';
import type { PlaybackController } from '../controllers/playback-controller.ts';
import type { SubtitlesController } from '../controllers/subtitles-controller.ts';

export interface ControlsHost {
  readonly playback: Pick<
    PlaybackController,
    | 'play'
    | 'togglePlay'
    | 'skipTo'
    | 'setVolume'
    | 'toggleMute'
    | 'setPlaybackSpeed'
    | 'download'
    | 'isLive'
    | 'pendingSeek'
    | 'levels'
    | 'sources'
    | 'index'
    | 'engine'
    | 'audioTracks'
    | 'selectLevel'
    | 'switchSource'
    | 'setAudioOnly'
    | 'selectAudioTrack'
    | 'retry'
    | 'message'
  >;
  readonly modes: Pick<
    DisplayModesController,
    'mode' | 'toggleFullScreen' | 'toggleTheatre' | 'toggleMiniPlayer'
  >;
  readonly subtitles: Pick<SubtitlesController, 'tracks' | 'selected' | 'menuItems'>;
  /** Turns the cardboard view on or off; true when it is on. */
  toggleCardboard(): boolean;
  /** Seeks by `seconds`; ignored while an ad plays (docs/player/behaviour.md). */
  seekBy(seconds: number): void;
  /** True while an ad plays. */
  readonly isAdPlaying: boolean;
}
