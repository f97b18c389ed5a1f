// Codes, messages and limits of the player's ads (docs/player/behaviour.md, "Ads" and "Errors"),
// word for word.

/** The error catalogue (docs/player/behaviour.md, "Errors"). */
export const AdErrorCode = {
  noAd: 101,
  wrongAdList: 102,
  vpaidNotAllowed: 103,
  playFailed: 201,
  playRejected: 202,
  pauseFailed: 203,
  playTimeout: 204,
  unsupportedMedia: 403,
  nonLinearImageFailed: 500,
  nonLinearUnsupported: 503,
  generic: 900,
  adTimeout: 901,
} as const;

export type AdErrorCodeValue = (typeof AdErrorCode)[keyof typeof AdErrorCode];

export const ERROR_MESSAGES: Record<AdErrorCodeValue, string> = {
  101: 'VAST not loaded or no ad.',
  102: 'Wrong adList parameters.',
  103: 'VPAID not allowed, so skipping this VAST tag.',
  201: 'Failed to play video.',
  202: 'Play promise rejected.',
  203: 'Failed to pause video.',
  204: 'Timeout: playback did not start within 5 s.',
  403: 'Ad media unsupported or failed to load.',
  500: 'Non-linear image failed to load.',
  503: 'Non-linear creative missing or of an unsupported type.',
  900: 'Failed to load Vast',
  901: 'Ad timeout.',
};

export const VPAID_INIT_TIMEOUT_MS = 3000;
export const PLAY_TIMEOUT_MS = 5000;
export const AD_TIMER_POLL_MS = 800;
export const NON_LINEAR_POLL_MS = 400;
export const NON_LINEAR_DEFAULT_DURATION_S = 15;
export const NON_LINEAR_DEFAULT_MAX = { width: 468, height: 60 };
export const ON_PAUSE_DELAY_MS = 500;
export const IN_VIEW_THRESHOLD = 0.5;
export const VIEW_IMPRESSION_MS = 2000;
export const MOBILE_BREAKPOINT_PX = 768;
export const MID_ROLL_REWIND_S = 1;
export const VPAID_MIN_VERSION = 2;

export const ROLLS = ['preRoll', 'midRoll', 'postRoll', 'onPauseRoll'] as const;
export type RollKind = (typeof ROLLS)[number];
export const AD_SIZES = ['300x250', '468x60', '728x90'] as const;
export const NON_LINEAR_TYPES = ['image/gif', 'image/jpeg', 'image/png'];
export const CLOSE_CAPTION = 'Close';

/** Formats a catalogue error for the console: '[Error] (code): message'. */
export function formatAdError(code: number, message?: string): string {
  return `[Error] (${code}): ${message ?? ERROR_MESSAGES[code as AdErrorCodeValue] ?? ERROR_MESSAGES[900]}`;
}
