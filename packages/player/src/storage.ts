/** Settings kept in localStorage across page loads (docs/player/behaviour.md, "Saved settings"). */
export interface SavedSettings {
  volume?: number;
  mute?: boolean;
  quality?: string;
  speed?: number;
  theatre?: boolean;
  /** The viewer was watching in picture-in-picture. */
  pictureInPicture?: boolean;
  /** The audio track chosen, by the language of the video (its default track's language). */
  audio?: Record<string, string>;
}

export const STORAGE_KEY = 'cutroom-player';

// Storage can throw (privacy mode, quota, sandboxed iframes): settings are then simply not kept.
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function loadSettings(): SavedSettings {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (typeof parsed !== 'object' || parsed === null) return {};
    const s = parsed as Record<string, unknown>;
    const out: SavedSettings = {};
    if (typeof s.volume === 'number' && s.volume >= 0 && s.volume <= 1) out.volume = s.volume;
    if (typeof s.mute === 'boolean') out.mute = s.mute;
    if (typeof s.quality === 'string') out.quality = s.quality;
    if (typeof s.speed === 'number' && s.speed > 0) out.speed = s.speed;
    if (typeof s.theatre === 'boolean') out.theatre = s.theatre;
    if (typeof s.pictureInPicture === 'boolean') out.pictureInPicture = s.pictureInPicture;
    if (typeof s.audio === 'object' && s.audio !== null && !Array.isArray(s.audio)) {
      out.audio = Object.fromEntries(
        Object.entries(s.audio).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    }
    return out;
  } catch {
    return {};
  }
}

export function saveSettings(patch: SavedSettings): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ ...loadSettings(), ...patch }));
  } catch {
    // Not kept; playback is unaffected.
  }
}
