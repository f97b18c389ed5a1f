// HLS through the browser's own player, where it has one: Safari, iOS, and Chromium builds with
// native HLS (Debian's Chromium 156 plays HLS itself and answers 'maybe' to canPlayType). It
// reaches the first frame without downloading and compiling hls.js. Quality levels come from
// the master playlist; choosing one plays that rendition's playlist from the same time, and
// 'auto' goes back to the master (the browser's own adaptation). With alternate audio
// (docs/player/features.md), a choice of level or language plays a master playlist made here
// (a blob URL) naming that level and that language as the default: the browser then asks for
// that audio only. "Audio only" plays the chosen language's own playlist: no video at all.
import { HD_MIN_HEIGHT, levelTitle } from './engine-types.ts';
import type {
  AudioTrackInfo,
  EngineCallbacks,
  QualityLevel,
  StreamEngine,
} from './engine-types.ts';

/** A rendition of a master playlist. */
export interface HlsVariant extends QualityLevel {
  url: string;
  /** The variant's CODECS attribute, '' when it has none. */
  codecs: string;
}

/** An alternate audio rendition of a master playlist. */
export interface HlsAudio extends AudioTrackInfo {
  url: string;
}

/** An attribute of a playlist tag line, unquoted. */
export const attr = (line: string, name: string): string | undefined =>
  new RegExp(`(?:^|[:,])${name}=(?:"([^"]*)"|([^,]*))`)
    .exec(line)
    ?.slice(1)
    .find((v) => v != null);

export const VIDEO_CODEC = /avc|hvc|hev|av01|vp0?[89]|dv[ha]/i;

/** A variant that carries no video (its CODECS name audio only and it has no RESOLUTION). */
const isAudioOnlyVariant = (line: string): boolean => {
  const codecs = attr(line, 'CODECS');
  return !!codecs && !VIDEO_CODEC.test(codecs) && !/RESOLUTION=/.test(line);
};

/** The alternate audio renditions of a master playlist, resolved to `base`. */
export function parseAudioRenditions(text: string, base: string): HlsAudio[] {
  const audios: HlsAudio[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line.startsWith('#EXT-X-MEDIA:') || attr(line, 'TYPE') !== 'AUDIO') continue;
    const uri = attr(line, 'URI');
    if (!uri) continue;
    const language = attr(line, 'LANGUAGE') ?? '';
    audios.push({
      id: audios.length,
      name: attr(line, 'NAME') || language || `Audio ${audios.length + 1}`,
      language,
      isDefault: attr(line, 'DEFAULT') === 'YES',
      url: new URL(uri, base).href,
    });
  }
  return audios;
}

/**
 * A master playlist naming `variants` (all when null) and `audio` as the default rendition of
 * its group, every URI absolute: the browser plays it from a blob URL.
 */
export function composeMaster(
  text: string,
  base: string,
  variants: Set<string> | null,
  audioUrl: string | null,
): string {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('#EXT-X-MEDIA:')) {
      const uri = attr(line, 'URI');
      const url = uri ? new URL(uri, base).href : null;
      let media = uri ? line.replace(`URI="${uri}"`, `URI="${url}"`) : line;
      if (attr(line, 'TYPE') === 'AUDIO' && audioUrl) {
        const isChosen = url === audioUrl;
        media = media
          .replace(/DEFAULT=(YES|NO)/, `DEFAULT=${isChosen ? 'YES' : 'NO'}`)
          .replace(/AUTOSELECT=(YES|NO)/, `AUTOSELECT=${isChosen ? 'YES' : 'NO'}`);
        if (!/DEFAULT=/.test(media)) media += `,DEFAULT=${isChosen ? 'YES' : 'NO'}`;
      }
      out.push(media);
    } else if (line.startsWith('#EXT-X-STREAM-INF:')) {
      const uri = lines.slice(i + 1).find((l) => l && !l.startsWith('#'));
      if (!uri || isAudioOnlyVariant(line)) continue;
      const url = new URL(uri, base).href;
      if (!variants || variants.has(url)) out.push(line, url);
    } else if (line.startsWith('#EXT') && !line.startsWith('#EXT-X-I-FRAME')) out.push(line);
  }
  return `${out.join('\n')}\n`;
}

/** Reads the renditions of a master playlist (none for a media playlist), resolved to `base`. */
export function parseMasterPlaylist(text: string, base: string): HlsVariant[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const variants: HlsVariant[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('#EXT-X-STREAM-INF:') || isAudioOnlyVariant(line)) continue;
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
      codecs: attr(line, 'CODECS') ?? '',
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
  let audios: HlsAudio[] = [];
  let masterText = '';
  let selected = -1;
  let audio = -1;
  let defaultAudio = -1;
  let isAudioOnly = false;
  let blobUrl: string | null = null;
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
    masterText = text;
    variants = parseMasterPlaylist(text, url);
    audios = parseAudioRenditions(text, url);
    defaultAudio = audio = Math.max(
      0,
      audios.findIndex((a) => a.isDefault),
    );
    if (audios.length === 0) defaultAudio = audio = -1;
    if (audios.length > 0) callbacks.onAudioTracks?.(audios.map(({ url: _, ...a }) => a));
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
  /** What the element should play for the current choices. */
  const target = (): string | undefined => {
    if (isAudioOnly) return audios[audio]?.url;
    if (audios.length === 0) return selected < 0 ? url : variants[selected]?.url;
    if (selected < 0 && audio === defaultAudio) return url;
    const only = selected < 0 ? null : new Set([variants[selected]?.url ?? '']);
    const text = composeMaster(masterText, url, only, audios[audio]?.url ?? null);
    if (blobUrl) URL.revokeObjectURL(blobUrl);
    blobUrl = URL.createObjectURL(new Blob([text], { type: 'application/vnd.apple.mpegurl' }));
    return blobUrl;
  };
  const play = (): void => {
    const next = target();
    if (!next) return;
    const time = video.currentTime;
    const isPlaying = !video.paused && !video.ended;
    video.src = next;
    video.addEventListener(
      'loadedmetadata',
      () => {
        if (time > 0) video.currentTime = time;
        if (isPlaying) void video.play().catch(() => {});
      },
      { once: true },
    );
  };
  return {
    levels: () => variants.map(({ url: _, ...level }) => level),
    setLevel(id) {
      const level = id < 0 ? -1 : id;
      if ((level >= 0 && !variants[level]) || (level === selected && !isAudioOnly)) return;
      selected = level;
      isAudioOnly = false;
      play();
    },
    selectedLevel: () => selected,
    audioTracks: () => audios.map(({ url: _, ...a }) => a),
    setAudioTrack(id) {
      if (!audios[id] || id === audio) return;
      audio = id;
      play();
    },
    selectedAudioTrack: () => audio,
    setAudioOnly(on) {
      if (on === isAudioOnly || (on && !audios[audio])) return;
      isAudioOnly = on;
      play();
    },
    isAudioOnly: () => isAudioOnly,
    kind: 'native',
    instance: null,
    destroy() {
      isDestroyed = true;
      clearTimeout(timer);
      video.removeEventListener('loadeddata', readManifest);
      video.removeEventListener('error', onError);
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    },
  };
}
