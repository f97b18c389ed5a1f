import { logError, logWarn } from './log.ts';

/** A corner of the player, used by the logo and the mini player. */
export type Corner = 'top left' | 'top right' | 'bottom left' | 'bottom right';

/** Logo overlay. `imageUrl` is required; without it no logo is shown. */
export interface LogoOptions {
  /** Image shown as the logo. Required. Default: null (no logo). */
  imageUrl: string | null;
  /** Opened in a new tab when the logo is clicked. Default: null. */
  clickUrl: string | null;
  /** Image shown while the pointer is over the logo. Default: null. */
  mouseOverImageUrl: string | null;
  /** Corner the logo sits in. Default: 'top left'. */
  position: Corner;
  /** Opacity from 0 to 1. Default: 1. */
  opacity: number;
  /** CSS margin around the logo. Default: '2px'. */
  imageMargin: string;
  /** Hide the logo together with the control bar. Default: false. */
  hideWithControls: boolean;
  /** Keep the logo visible while an ad plays. Default: false. */
  showOverAds: boolean;
}

/** HTML shown over the video while it is paused. */
export interface HtmlOnPauseBlock {
  /** The HTML to show. Required. */
  html: string | null;
  /** Width in pixels. Default: null (automatic). */
  width: number | null;
  /** Height in pixels. Default: null (automatic). */
  height: number | null;
}

/** Size and place of the player in theatre mode. */
export interface TheatreSettings {
  /** CSS width. Default: '100%'. */
  width: string;
  /** CSS height. Default: '60%'. */
  height: string;
  /** Top margin in pixels. Default: 0. */
  marginTop: number;
  /** 'left', 'center' or 'right'. Default: 'center'. */
  horizontalAlign: 'left' | 'center' | 'right';
}

/** Theatre mode handled by the page: a class is toggled on one of its elements. */
export interface TheatreAdvanced {
  /** Id of the page element that gets `classToApply`. Default: null (built-in theatre). */
  theatreElement: string | null;
  /** Class toggled on `theatreElement`. Default: null. */
  classToApply: string | null;
}

/** Which settings are kept in localStorage across page loads. */
export interface PersistentSettings {
  /** Volume and mute. Default: true. */
  volume: boolean;
  /** Chosen quality (HLS level). Default: true. */
  quality: boolean;
  /** Playback speed. Default: true. */
  speed: boolean;
  /** Theatre mode. Default: true. */
  theatre: boolean;
  /**
   * Picture-in-picture: a viewer who left the last video in it gets it again at their next
   * play. Default: true.
   */
  pictureInPicture: boolean;
  /** The audio track chosen, remembered per language of the video. Default: true. */
  audio: boolean;
}

/** Control bar behaviour. */
export interface ControlBarOptions {
  /** Hide the control bar and title on inactivity while playing. Default: true. */
  autoHide: boolean;
  /** Seconds of inactivity before hiding. Default: 3. */
  autoHideTimeout: number;
  /** Fade instead of hiding at once. Default: true. */
  animated: boolean;
  /** Rates in the speed menu, as strings such as 'x1.5'. Default: ['x2', 'x1.5', 'x1', 'x0.5']. */
  playbackRates: string[];
}

/** One frame of a static timeline preview. */
export interface PreviewFrame {
  /** Seconds. */
  startTime: number;
  /** Seconds. */
  endTime: number;
  /** Image URL. */
  image: string;
  /** Sprite offset and size in pixels; the defaults are 0, 0, 122.5, 69. */
  x?: number;
  y?: number;
  w?: number;
  h?: number;
}

/** Thumbnails shown above the progress bar on hover. */
export interface TimelinePreviewOptions {
  /** 'VTT' (a WebVTT file of `image#xywh=x,y,w,h` cues) or 'static' (a frames list). */
  type: 'VTT' | 'static';
  /** The VTT file, for type 'VTT'. */
  file?: string;
  /** The frames, for type 'static'. */
  frames?: PreviewFrame[];
  /** Image used for every cue instead of the one in the VTT. */
  spriteImage?: string;
  /** Resolve cue images relative to the VTT file (default) instead of the page. Default: true. */
  spriteRelativePath?: boolean;
}

/** A custom entry in the context menu. */
export interface ContextMenuLink {
  href: string;
  label: string;
}

/** The right-click menu. */
export interface ContextMenuOptions {
  /** Show play, mute and fullscreen entries. Default: true. */
  controls: boolean;
  /** Extra links. Default: []. */
  links: ContextMenuLink[];
}

/** Mini player (a small floating player). */
export interface MiniPlayerOptions {
  /** Offer the mini player button. Default: true. */
  enabled: boolean;
  /** Width in pixels, at least 400. Default: 400. */
  width: number;
  /** Height in pixels, at least 225. Default: 225. */
  height: number;
  /** Width on screens below 768 px, in vw, at least 40. Default: 50. */
  widthMobile: number;
  /** Text shown where the player was. Default: 'Playing in Miniplayer'. */
  placeholderText: string;
  /** Corner of the viewport. Default: 'bottom right'. */
  position: Corner;
  /** Open when the playing video is scrolled out of view; close when its place is back. Default: false. */
  autoToggle: boolean;
}

/** Skip buttons and double tap. */
export interface ControlForwardBackward {
  /** Show the skip back/forward 10 s buttons. Default: true. */
  show: boolean;
  /** Double tap or click on the left/right half skips 10 s. Default: true. */
  doubleTapMobile: boolean;
}

/** Everything about the look and the controls. */
export interface LayoutControls {
  /** Title shown at the top, hidden with the controls. Default: null. */
  title: string | null;
  /**
   * What the player is called to assistive technology ("Video player: {label}"), the title's
   * when not given: several players on one page need names of their own. Default: null.
   */
  label: string | null;
  /** Logo overlay. */
  logo: LogoOptions;
  /** Poster image URL. Default: null. */
  posterImage: string | null;
  /** 'auto', 'contain' or 'cover'; anything else logs an error and shows no poster. Default: 'contain'. */
  posterImageSize: string;
  /** Accent colour (progress bar, focus ring), any CSS colour. Default: null (theme red). */
  primaryColor: string | null;
  /** Fill the parent element instead of keeping the video's size. Default: false. */
  fillToContainer: boolean;
  /** Corner radius in pixels. Default: 0. */
  roundedCorners: number;
  /** Start muted. Default: false. */
  mute: boolean;
  /** Loop the video. Default: false. */
  loop: boolean;
  /** Start playing at once (browsers may need `mute`). Default: false. */
  autoPlay: boolean;
  /** The video's preload attribute: 'auto', 'metadata' or 'none'. Default: 'auto'. */
  preload: 'auto' | 'metadata' | 'none';
  /**
   * The video's duration in seconds when the page knows it: the time display, the progress bar
   * and the chapter markers use it until the media's metadata arrives (with `preload: 'none'`,
   * at the first play). `Infinity` says the stream is live: the controls show LIVE (and no
   * duration) before its media load. Default: null (unknown until the metadata).
   */
  knownDuration: number | null;
  /** Offer the playback speed menu. Default: false. */
  playbackRateEnabled: boolean;
  /** Offer a download button for the current source. Default: false. */
  allowDownload: boolean;
  /** Show the big play button before the first play. Default: true. */
  playButtonShowing: boolean;
  /** Offer the theatre button. Default: true. */
  allowTheatre: boolean;
  /**
   * Offer picture-in-picture (a button and the P key) where the browser has it. Default: true.
   */
  allowPictureInPicture: boolean;
  /**
   * Offer casting (Chromecast, AirPlay) through the browser's Remote Playback API: a button shown
   * while a device is available. Ads are never cast. Default: true.
   */
  allowCasting: boolean;
  /** Keyboard control when the player has focus. Default: true. */
  keyboardControl: boolean;
  /** Show subtitles and their menu when the video has text tracks. Default: true. */
  subtitlesEnabled: boolean;
  /** Turn on the default track (or the first) at start. Default: true. */
  subtitlesOnByDefault: boolean;
  /** 360° video: load three.js and show the cardboard button. Default: false. */
  showCardBoardView: boolean;
  /** Show the VR joystick panel. Default: false. */
  showCardBoardJoystick: boolean;
  /** HTML shown while paused. */
  htmlOnPauseBlock: HtmlOnPauseBlock;
  /** Theatre size and place. */
  theatreSettings: TheatreSettings;
  /** Page-handled theatre mode. */
  theatreAdvanced: TheatreAdvanced;
  /** Settings kept across page loads. */
  persistentSettings: PersistentSettings;
  /** Control bar behaviour. */
  controlBar: ControlBarOptions;
  /** Timeline thumbnails. Default: null (none). */
  timelinePreview: TimelinePreviewOptions | null;
  /** Right-click menu. */
  contextMenu: ContextMenuOptions;
  /** Mini player. */
  miniPlayer: MiniPlayerOptions;
  /** Skip buttons and double tap. */
  controlForwardBackward: ControlForwardBackward;
  /** Called with the player once it is ready. Default: none. */
  playerInitCallback: ((player: unknown) => void) | null;
}

/** One entry of `vastOptions.adList`; validated by the ads module (loaded only when the list is not empty). */
export interface AdListEntry {
  vastTag?: string;
  roll?: string;
  timer?: number | string;
  size?: string;
  adText?: string;
  adTextPosition?: string;
  adCTATextPosition?: string;
  adClickable?: boolean;
  vAlign?: string;
  nonLinearDuration?: number;
  fallbackVastTags?: string[];
  maxTotalDuration?: number;
  maxTotalQuantity?: number;
  [key: string]: unknown;
}

/** Ad options. Accepted and defaulted here; ads are handled by a module loaded on demand. */
export interface VastOptions {
  /** Ad rolls. Default: []. */
  adList: AdListEntry[];
  /** Milliseconds to wait for a VAST answer. Default: 5000. */
  vastTimeout: number;
  /** Wrapper redirects followed at most. Default: 3. */
  maxAllowedVastTagRedirects: number;
  /** Allow VPAID ads. Default: false. */
  allowVPAID: boolean;
  /** Skip button caption; [seconds] is replaced. Default: 'Skip ad in [seconds]'. */
  skipButtonCaption: string;
  /** Caption of the skip link once skipping is allowed. Default: 'Skip Ad'. */
  skipButtonClickCaption: string;
  /** Call-to-action text. Default: 'Visit now!'. */
  adCTAText: string | false;
  /** Call-to-action position. Default: 'bottom right'. */
  adCTATextPosition: Corner;
  /** Ad text. Default: null. */
  adText: string | null;
  /** Ad text position. Default: 'top left'. */
  adTextPosition: Corner;
  /** Whether the ad is clickable. Default: true. */
  adClickable: boolean;
  /** Show ad markers on the progress bar. Default: false. */
  showProgressbarMarkers: boolean;
  /** Ad progress bar colour. Default: 'yellow'. */
  adProgressColor: string;
  /** Ad lifecycle callbacks (vastLoadedCallback, noVastVideoCallback, ...). Default: {}. */
  vastAdvanced: Record<string, unknown>;
  [key: string]: unknown;
}

/** Suggested videos shown when the video ends. */
export interface SuggestedVideosOptions {
  /** URL of a JSON array of suggested videos. Default: null (none). */
  configUrl: string | null;
}

/** Texts of the controls, for translation. */
export interface Captions {
  play: string;
  pause: string;
  mute: string;
  unmute: string;
  fullscreen: string;
  subtitles: string;
  exitFullscreen: string;
}

/** Hooks into the streaming libraries. */
export interface Modules {
  /** Returns the hls.js config to use. Default: identity. */
  configureHls: (options: Record<string, unknown>) => Record<string, unknown>;
  /** Called with the hls.js instance before it loads the source. */
  onBeforeInitHls: (hls: unknown) => void;
  /** Called with the hls.js instance after it is attached. */
  onAfterInitHls: (hls: unknown) => void;
  /** Returns the dash.js settings to use. Default: identity. */
  configureDash: (options: Record<string, unknown>) => Record<string, unknown>;
  /** Called with the dash.js player before initialisation. */
  onBeforeInitDash: (dash: unknown) => void;
  /** Called with the dash.js player after initialisation. */
  onAfterInitDash: (dash: unknown) => void;
}

/** A deep partial: every option may be left out. */
export type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends (...args: never[]) => unknown
    ? T[K]
    : T[K] extends (infer U)[]
      ? U[]
      : T[K] extends object | null
        ? DeepPartial<NonNullable<T[K]>> | null
        : T[K];
};

/** All options, resolved with their defaults. */
export interface ResolvedOptions {
  layoutControls: LayoutControls;
  vastOptions: VastOptions;
  suggestedVideos: SuggestedVideosOptions;
  captions: Captions;
  modules: Modules;
  /** Log debug messages. Default: false. */
  debug: boolean;
}

/** The options `createPlayer` accepts; every field is optional. */
export type PlayerOptions = DeepPartial<ResolvedOptions> & {
  /** Removed: logs a warning and has no effect. Use `modules.configureHls`. */
  hlsjsConfig?: unknown;
};

export const DEFAULT_PLAYBACK_RATES = ['x2', 'x1.5', 'x1', 'x0.5'];
export const POSTER_SIZES = ['auto', 'contain', 'cover'];
export const CORNERS: Corner[] = ['top left', 'top right', 'bottom left', 'bottom right'];
export const MINI_PLAYER_MIN = { width: 400, height: 225, widthMobile: 40 };
export const THEATRE_WIDTH_PATTERN = /^\d+(\.\d+)?(px|%|vw|vh|em|rem)?$/;

export const defaultCaptions: Captions = {
  play: 'Play',
  pause: 'Pause',
  mute: 'Mute',
  unmute: 'Unmute',
  fullscreen: 'Fullscreen',
  subtitles: 'Subtitles',
  exitFullscreen: 'Exit Fullscreen',
};

function defaults(): ResolvedOptions {
  return {
    layoutControls: {
      title: null,
      label: null,
      logo: {
        imageUrl: null,
        clickUrl: null,
        mouseOverImageUrl: null,
        position: 'top left',
        opacity: 1,
        imageMargin: '2px',
        hideWithControls: false,
        showOverAds: false,
      },
      posterImage: null,
      posterImageSize: 'contain',
      primaryColor: null,
      fillToContainer: false,
      roundedCorners: 0,
      mute: false,
      loop: false,
      autoPlay: false,
      preload: 'auto',
      knownDuration: null,
      playbackRateEnabled: false,
      allowDownload: false,
      playButtonShowing: true,
      allowTheatre: true,
      allowPictureInPicture: true,
      allowCasting: true,
      keyboardControl: true,
      subtitlesEnabled: true,
      subtitlesOnByDefault: true,
      showCardBoardView: false,
      showCardBoardJoystick: false,
      htmlOnPauseBlock: { html: null, width: null, height: null },
      theatreSettings: { width: '100%', height: '60%', marginTop: 0, horizontalAlign: 'center' },
      theatreAdvanced: { theatreElement: null, classToApply: null },
      persistentSettings: {
        volume: true,
        quality: true,
        speed: true,
        theatre: true,
        pictureInPicture: true,
        audio: true,
      },
      controlBar: {
        autoHide: true,
        autoHideTimeout: 3,
        animated: true,
        playbackRates: [...DEFAULT_PLAYBACK_RATES],
      },
      timelinePreview: null,
      contextMenu: { controls: true, links: [] },
      miniPlayer: {
        enabled: true,
        width: 400,
        height: 225,
        widthMobile: 50,
        placeholderText: 'Playing in Miniplayer',
        position: 'bottom right',
        autoToggle: false,
      },
      controlForwardBackward: { show: true, doubleTapMobile: true },
      playerInitCallback: null,
    },
    vastOptions: {
      adList: [],
      vastTimeout: 5000,
      maxAllowedVastTagRedirects: 3,
      allowVPAID: false,
      skipButtonCaption: 'Skip ad in [seconds]',
      skipButtonClickCaption: 'Skip Ad',
      adCTAText: 'Visit now!',
      adCTATextPosition: 'bottom right',
      adText: null,
      adTextPosition: 'top left',
      adClickable: true,
      showProgressbarMarkers: false,
      adProgressColor: 'yellow',
      vastAdvanced: {},
    },
    suggestedVideos: { configUrl: null },
    captions: { ...defaultCaptions },
    modules: {
      configureHls: (o) => o,
      onBeforeInitHls: () => {},
      onAfterInitHls: () => {},
      configureDash: (o) => o,
      onBeforeInitDash: () => {},
      onAfterInitDash: () => {},
    },
    debug: false,
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Merges `given` into `base`, keeping the base's value where `given` has undefined. */
function merge<T>(base: T, given: unknown): T {
  if (!isPlainObject(given) || !isPlainObject(base)) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined) continue;
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? merge(current, value) : value;
  }
  return out as T;
}

/** Parses 'x1.5' or '1.5' into 1.5; NaN when it is not a number. */
export function parseRate(rate: string): number {
  return Number(rate.replace(/^x/i, ''));
}

/** True when every entry is a string that parses as a positive number (an optional leading x). */
export function isValidPlaybackRates(rates: unknown): rates is string[] {
  return (
    Array.isArray(rates) &&
    rates.length > 0 &&
    rates.every((r) => typeof r === 'string' && r.trim() !== '' && parseRate(r) > 0)
  );
}

/**
 * Resolves the options with their defaults and applies the validation rules (the player's README,
 * docs/player/behaviour.md): each invalid value is logged and replaced by its default (or, for the
 * poster and the logo, dropped).
 */
export function resolveOptions(given: PlayerOptions | undefined | null): ResolvedOptions {
  const raw: Record<string, unknown> = isPlainObject(given) ? given : {};
  const options = merge(defaults(), raw);
  const lc = options.layoutControls;

  if ('hlsjsConfig' in raw) logWarn('The option hlsjsConfig is removed and has no effect.');

  if (lc.posterImage != null && !POSTER_SIZES.includes(lc.posterImageSize)) {
    logError('posterImageSize must be one of auto, contain or cover: no poster is shown.');
    lc.posterImage = null;
  }

  if (!isValidPlaybackRates(lc.controlBar.playbackRates)) {
    logWarn('Invalid playbackRates, falling back to x2, x1.5, x1, x0.5.');
    lc.controlBar.playbackRates = [...DEFAULT_PLAYBACK_RATES];
  }
  if (!(lc.controlBar.autoHideTimeout > 0)) lc.controlBar.autoHideTimeout = 3;

  if (isPlainObject(raw.layoutControls) && isPlainObject(raw.layoutControls.logo)) {
    if (typeof lc.logo.imageUrl !== 'string' || lc.logo.imageUrl === '') {
      logError('The logo needs an imageUrl: no logo is shown.');
      lc.logo.imageUrl = null;
    }
  }
  if (!CORNERS.includes(lc.logo.position)) lc.logo.position = 'top left';
  lc.logo.opacity = Math.min(1, Math.max(0, Number(lc.logo.opacity) || 0));

  if (!isPlainObject(lc.htmlOnPauseBlock) || typeof lc.htmlOnPauseBlock.html !== 'string') {
    if (lc.htmlOnPauseBlock && isPlainObject(lc.htmlOnPauseBlock) && lc.htmlOnPauseBlock.html) {
      logError('htmlOnPauseBlock needs an object with html.');
    }
    lc.htmlOnPauseBlock = { html: null, width: null, height: null };
  }

  if (!THEATRE_WIDTH_PATTERN.test(String(lc.theatreSettings.width))) {
    logError(`Invalid theatre width "${String(lc.theatreSettings.width)}": using 100%.`);
    lc.theatreSettings.width = '100%';
  }
  if (!['left', 'center', 'right'].includes(lc.theatreSettings.horizontalAlign)) {
    lc.theatreSettings.horizontalAlign = 'center';
  }

  const tp = lc.timelinePreview;
  if (tp != null) {
    const validVtt = tp.type === 'VTT' && typeof tp.file === 'string';
    const validStatic = tp.type === 'static' && Array.isArray(tp.frames);
    if (!validVtt && !validStatic) {
      logError('Invalid thumbnail-preview - type must be VTT or static');
      lc.timelinePreview = null;
    }
  }

  const mp = lc.miniPlayer;
  mp.width = Math.max(MINI_PLAYER_MIN.width, Number(mp.width) || 0);
  mp.height = Math.max(MINI_PLAYER_MIN.height, Number(mp.height) || 0);
  mp.widthMobile = Math.max(MINI_PLAYER_MIN.widthMobile, Number(mp.widthMobile) || 0);
  if (!CORNERS.includes(mp.position)) mp.position = 'bottom right';

  if (!Array.isArray(lc.contextMenu.links)) lc.contextMenu.links = [];
  if (!['auto', 'metadata', 'none'].includes(lc.preload)) lc.preload = 'auto';
  if (
    lc.knownDuration != null &&
    !(
      typeof lc.knownDuration === 'number' &&
      !Number.isNaN(lc.knownDuration) &&
      lc.knownDuration > 0
    )
  ) {
    logWarn('knownDuration must be a positive number of seconds (Infinity: live): it is ignored.');
    lc.knownDuration = null;
  }

  if (!Array.isArray(options.vastOptions.adList)) {
    logError('vastOptions.adList must be an array: no ads are shown.');
    options.vastOptions.adList = [];
  }
  if (!(options.vastOptions.vastTimeout > 0)) options.vastOptions.vastTimeout = 5000;
  if (!(options.vastOptions.maxAllowedVastTagRedirects >= 0)) {
    options.vastOptions.maxAllowedVastTagRedirects = 3;
  }

  const sv = options.suggestedVideos;
  if (sv.configUrl != null && typeof sv.configUrl !== 'string') sv.configUrl = null;

  for (const key of Object.keys(defaultCaptions) as (keyof Captions)[]) {
    if (typeof options.captions[key] !== 'string') options.captions[key] = defaultCaptions[key];
  }
  return options;
}
