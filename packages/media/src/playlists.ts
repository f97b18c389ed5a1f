import type { SpritePlan } from './ladder';

export interface MediaSegment {
  durationSeconds: number;
  uri: string;
}

/** The segments of an HLS media playlist. */
export function parseMediaPlaylist(text: string): MediaSegment[] {
  const segments: MediaSegment[] = [];
  let duration: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#') && duration !== null) {
      segments.push({ durationSeconds: duration, uri: line });
      duration = null;
    }
  }
  return segments;
}

/**
 * Peak and average bit rate of a rendition from its segments' sizes and durations: BANDWIDTH
 * in a master playlist is the peak segment rate (RFC 8216 §4.3.4.2).
 */
export function measureBitrates(
  segments: MediaSegment[],
  sizeOf: (uri: string) => number,
): { peakBps: number; averageBps: number } {
  let bits = 0;
  let seconds = 0;
  let peak = 0;
  for (const segment of segments) {
    const segmentBits = sizeOf(segment.uri) * 8;
    bits += segmentBits;
    seconds += segment.durationSeconds;
    // Very short final segments are left out of the peak: their rate says little.
    if (segment.durationSeconds >= 0.5)
      peak = Math.max(peak, segmentBits / segment.durationSeconds);
  }
  const averageBps = seconds > 0 ? bits / seconds : 0;
  return { peakBps: Math.ceil(Math.max(peak, averageBps)), averageBps: Math.ceil(averageBps) };
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/** The init segment a media playlist names (EXT-X-MAP), null without one. */
export function initSegmentOf(text: string): string | null {
  return /^#EXT-X-MAP:.*?URI="([^"]+)"/m.exec(text)?.[1] ?? null;
}

/**
 * RFC 6381 codec string of the H.264 stream an fMP4 init segment describes, read from its
 * avcC box (profile, constraint flags, level); null without one.
 */
export function avcCodecFromInit(init: Uint8Array): string | null {
  const at = Buffer.from(init.buffer, init.byteOffset, init.byteLength).indexOf('avcC');
  if (at < 0 || at + 8 > init.length) return null;
  return `avc1.${hex2(init[at + 5]!)}${hex2(init[at + 6]!)}${hex2(init[at + 7]!)}`;
}

/** RFC 6381 codec string for AAC: LC is object type 2, HE-AAC 5, HE-AACv2 29. */
export function aacCodecString(profile: string | null): string {
  if (profile === 'HE-AAC') return 'mp4a.40.5';
  if (profile === 'HE-AACv2') return 'mp4a.40.29';
  return 'mp4a.40.2';
}

export interface MasterVariant {
  uri: string;
  bandwidth: number;
  averageBandwidth: number;
  width: number;
  height: number;
  codecs: string;
  frameRate: number;
}

export interface MasterAudio {
  uri: string;
  channels: number;
  /** RFC 5646 language (`en`), when known. */
  language?: string | null;
  /** Shown in players' audio menus; `Default` when absent. */
  name?: string;
  /** The audio-only rendition's entry (the default track's): codecs and rates. */
  codecs?: string;
  bandwidth?: number;
  averageBandwidth?: number;
}

export const AUDIO_GROUP = 'audio';

/** ISO 639-2 codes (bibliographic and terminologic) of common languages, to their 639-1 code. */
const ISO_639_1: Record<string, string> = {
  eng: 'en',
  fre: 'fr',
  fra: 'fr',
  ger: 'de',
  deu: 'de',
  spa: 'es',
  ita: 'it',
  por: 'pt',
  dut: 'nl',
  nld: 'nl',
  rus: 'ru',
  jpn: 'ja',
  kor: 'ko',
  chi: 'zh',
  zho: 'zh',
  ara: 'ar',
  hin: 'hi',
  pol: 'pl',
  tur: 'tr',
  swe: 'sv',
  dan: 'da',
  nor: 'no',
  fin: 'fi',
  cze: 'cs',
  ces: 'cs',
  gre: 'el',
  ell: 'el',
  heb: 'he',
  hun: 'hu',
  rum: 'ro',
  ron: 'ro',
  ukr: 'uk',
  tha: 'th',
  vie: 'vi',
  ind: 'id',
  may: 'ms',
  msa: 'ms',
  per: 'fa',
  fas: 'fa',
};

/** The RFC 5646 tag for a file's language tag (`eng` → `en`), or null. */
export function hlsLanguage(tag: string | null | undefined): string | null {
  const code = tag?.trim().toLowerCase();
  if (!code || code === 'und' || !/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(code)) return null;
  return ISO_639_1[code] ?? code;
}

/** A track's name for audio menus: its title, else its language in that language, else `Audio N`. */
export function audioTrackName(
  title: string | null | undefined,
  language: string | null,
  index: number,
): string {
  if (title?.trim()) return title.trim();
  if (language) {
    try {
      const name = new Intl.DisplayNames([language], { type: 'language' }).of(language);
      if (name && name !== language) return name.charAt(0).toUpperCase() + name.slice(1);
    } catch {
      // Not a language Intl knows: the tag itself.
    }
    return language;
  }
  return index === 0 ? 'Default' : `Audio ${index + 1}`;
}

const quoted = (text: string) => text.replace(/["\r\n]/g, "'");

/**
 * A master playlist: video variants highest first, sharing the audio renditions (one per audio
 * stream of the upload, the first the default).
 */
export function buildMasterPlaylist(
  variants: MasterVariant[],
  audio: MasterAudio | MasterAudio[] | null,
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const audios = audio === null ? [] : Array.isArray(audio) ? audio : [audio];
  audios.forEach((track, index) => {
    const language = track.language ? `LANGUAGE="${quoted(track.language)}",` : '';
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="${AUDIO_GROUP}",NAME="${quoted(track.name ?? 'Default')}",` +
        `${language}DEFAULT=${index === 0 ? 'YES' : 'NO'},AUTOSELECT=YES,` +
        `CHANNELS="${track.channels}",URI="${track.uri}"`,
    );
  });
  for (const v of variants) {
    const attributes = [
      `BANDWIDTH=${v.bandwidth}`,
      `AVERAGE-BANDWIDTH=${v.averageBandwidth}`,
      `RESOLUTION=${v.width}x${v.height}`,
      `CODECS="${v.codecs}"`,
      `FRAME-RATE=${v.frameRate.toFixed(3)}`,
    ];
    if (audios.length > 0) attributes.push(`AUDIO="${AUDIO_GROUP}"`);
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, v.uri);
  }
  // No audio-only variant here: a browser adapting over the master could pick it and show no
  // picture. The player's "audio only" plays an audio rendition's own playlist instead.
  return `${lines.join('\n')}\n`;
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/**
 * The timeline-preview index: one cue per thumbnail, pointing into its sprite sheet with a
 * media fragment, e.g. `sprite-0.jpg#xywh=160,0,160,90`.
 */
export function buildSpritesVtt(
  plan: SpritePlan,
  durationSeconds: number,
  count = plan.count,
  sheetName: (index: number) => string = (i) => `sprite-${i}.jpg`,
): string {
  const perSheet = plan.columns * plan.rows;
  const lines = ['WEBVTT', ''];
  for (let i = 0; i < count; i++) {
    const start = i * plan.intervalSeconds;
    if (start >= durationSeconds) break;
    const end = Math.min(durationSeconds, start + plan.intervalSeconds);
    const cell = i % perSheet;
    const x = (cell % plan.columns) * plan.tileWidth;
    const y = Math.floor(cell / plan.columns) * plan.tileHeight;
    lines.push(
      `${vttTime(start)} --> ${vttTime(end)}`,
      `${sheetName(Math.floor(i / perSheet))}#xywh=${x},${y},${plan.tileWidth},${plan.tileHeight}`,
      '',
    );
  }
  return lines.join('\n');
}
