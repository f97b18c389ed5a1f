// HLS through the browser's own player, where it has one: Safari, iOS, and Chromium builds with
// native HLS (Debian's Chromium 156 plays HLS itself and answers 'maybe' to canPlayType). It
// reaches the first frame without downloading and compiling hls.js. Quality levels come from
// the master playlist; choosing one plays that rendition's playlist from the same time, and
// 'auto' goes back to the master (the browser's own adaptation).
import { HD_MIN_HEIGHT, levelTitle } from './engine-types.ts';
import type { EngineCallbacks, QualityLevel, StreamEngine } from './engine-types.ts';

/** A rendition of a master playlist. */
export interface HlsVariant extends QualityLevel {
  url: string;
}

/** Reads the renditions of a master playlist (none for a media playlist), resolved to `base`. */
export function parseMasterPlaylist(text: string, base: string): HlsVariant[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const variants: HlsVariant[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const uri = lines.slice(i + 1).find((l) => l && !l.startsWith('#'));
    if (!uri) continue;
    const bandwidth = /(?:^|[:,])BANDWIDTH=(\d+)/.exec(line);
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? 0);
    variants.push({
      id: variants.length,
      title: height ? levelTitle(height) : `${Math.round(Number(bandwidth?.[1] ?? 0) / 1000)} kbps`,
      isHD: height >= HD_MIN_HEIGHT,
      bitrate: Number(bandwidth?.[1] ?? 0),
      url: new URL(uri, base).href,
    });
  }
  return variants;
}

/** True when the browser says it can play HLS itself. */
export function hasNativeHls(video: HTMLVideoElement): boolean {
  return (
    video.canPlayType('application/vnd.apple.mpegurl') !== '' ||
    video.canPlayType('application/x-mpegURL') !== ''
  );
}

/** How long the master playlist's own request waits for the browser's first frame. */
const MANIFEST_DELAY_MS = 1000;

/**
 * Plays `url` natively. `fetchManifest` reads the master playlist for the quality levels: once
 * the browser has the first frame, so that it does not compete with it (or after a second
 * without one, so that an unreachable playlist is reported).
 */
export function attachNativeHls(
  video: HTMLVideoElement,
  url: string,
  fetchManifest: () => Promise<string>,
  callbacks: EngineCallbacks,
): StreamEngine {
  let variants: HlsVariant[] = [];
  let selected = -1;
  let isDestroyed = false;
  let hasFailed = false;
  const fail = (): void => {
    if (isDestroyed || hasFailed) return;
    hasFailed = true;
    callbacks.onFatal(`The browser could not play ${url}`);
  };
  const onError = (): void => {
    if (video.error) fail();
  };
  video.addEventListener('error', onError);
  video.src = url;
  const onManifest = (text: string): void => {
    if (isDestroyed) return;
    variants = parseMasterPlaylist(text, url);
    if (variants.length > 0) callbacks.onLevels(variants.map(({ url: _, ...level }) => level));
    else callbacks.onLive(!/#EXT-X-ENDLIST/.test(text));
  };
  const readManifest = (): void => {
    clearTimeout(timer);
    video.removeEventListener('loadeddata', readManifest);
    if (!isDestroyed) void fetchManifest().then(onManifest, fail);
  };
  const timer = setTimeout(readManifest, MANIFEST_DELAY_MS);
  video.addEventListener('loadeddata', readManifest);
  return {
    levels: () => variants.map(({ url: _, ...level }) => level),
    setLevel(id) {
      const target = id < 0 ? url : variants[id]?.url;
      if (!target || id === selected) return;
      selected = id < 0 ? -1 : id;
      const time = video.currentTime;
      const isPlaying = !video.paused && !video.ended;
      video.src = target;
      video.addEventListener(
        'loadedmetadata',
        () => {
          if (time > 0) video.currentTime = time;
          if (isPlaying) void video.play().catch(() => {});
        },
        { once: true },
      );
    },
    selectedLevel: () => selected,
    kind: 'native',
    instance: null,
    destroy() {
      isDestroyed = true;
      clearTimeout(timer);
      video.removeEventListener('loadeddata', readManifest);
      video.removeEventListener('error', onError);
    },
  };
}
