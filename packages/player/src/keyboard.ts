/** What a key press asks the player to do. */
export type KeyAction =
  | { type: 'togglePlay' }
  | { type: 'seekBy'; seconds: number }
  | { type: 'seekToPercent'; percent: number }
  | { type: 'seekToStart' }
  | { type: 'seekToEnd' }
  | { type: 'volumeBy'; delta: number }
  | { type: 'toggleMute' }
  | { type: 'toggleFullscreen' }
  | { type: 'toggleMiniPlayer' }
  | { type: 'togglePictureInPicture' }
  | { type: 'subtitleSize'; direction: 1 | -1 };

export const SEEK_STEP = 10;
export const VOLUME_STEP = 0.05;

/** The fields of a KeyboardEvent the mapping needs. */
export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/**
 * Maps a key press to a player action (docs/player/behaviour.md, and P for picture-in-picture,
 * docs/player/features.md), or null when the key is not ours.
 */
export function mapKey(event: KeyLike): KeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const { key } = event;
  if (/^[0-9]$/.test(key)) return { type: 'seekToPercent', percent: Number(key) * 10 };
  switch (key) {
    case ' ':
    case 'Spacebar':
    case 'Enter':
      return { type: 'togglePlay' };
    case 'ArrowLeft':
      return { type: 'seekBy', seconds: -SEEK_STEP };
    case 'ArrowRight':
      return { type: 'seekBy', seconds: SEEK_STEP };
    case 'ArrowUp':
      return { type: 'volumeBy', delta: VOLUME_STEP };
    case 'ArrowDown':
      return { type: 'volumeBy', delta: -VOLUME_STEP };
    case 'Home':
      return { type: 'seekToStart' };
    case 'End':
      return { type: 'seekToEnd' };
    case 'f':
    case 'F':
      return { type: 'toggleFullscreen' };
    case 'm':
    case 'M':
      return { type: 'toggleMute' };
    case 'i':
    case 'I':
      return { type: 'toggleMiniPlayer' };
    case 'p':
    case 'P':
      return { type: 'togglePictureInPicture' };
    case '+':
      return { type: 'subtitleSize', direction: 1 };
    case '-':
      return { type: 'subtitleSize', direction: -1 };
    default:
      return null;
  }
}

/** Steps the volume, clamping below 0.05 to 0 and above 0.95 to 1 (docs/player/behaviour.md). */
export function stepVolume(volume: number, delta: number): number {
  const next = Math.round((volume + delta) * 100) / 100;
  if (next < 0.05) return 0;
  if (next > 0.95) return 1;
  return next;
}

export const SUBTITLE_SIZES = [50, 75, 100, 150, 200] as const;

/** The next subtitle size level in `direction`, staying within 50-200 %. */
export function stepSubtitleSize(current: number, direction: 1 | -1): number {
  const index = SUBTITLE_SIZES.indexOf(current as (typeof SUBTITLE_SIZES)[number]);
  const from = index < 0 ? SUBTITLE_SIZES.indexOf(100) : index;
  const next = Math.min(SUBTITLE_SIZES.length - 1, Math.max(0, from + direction));
  return SUBTITLE_SIZES[next]!;
}
