// Loaded on demand: the player's own HLS engine for the kind of stream the site's ladder makes
// (docs/decisions/0041, docs/player/performance.md): a VOD master playlist, fragmented MP4
// segments behind an EXT-X-MAP init segment, video renditions sharing separate audio renditions.
// It only reads playlists and appends whole segments to MSE SourceBuffers (no demuxing, no
// transmuxing). Any other stream (MPEG-TS segments, live, encryption, byte ranges,
// discontinuities, codecs the browser's MSE lacks) is handed back through onOtherStream before
// the engine touches the video, and the core plays it with hls.js.
import type { EngineCallbacks, EngineModule, StreamEngine } from '../engine-types.ts';
import type { HlsAudio, HlsVariant } from '../native-hls.ts';
import { VIDEO_CODEC, attr, parseAudioRenditions, parseMasterPlaylist } from '../native-hls.ts';

/** A segment of a media playlist, its start and end on the timeline. */
interface Segment {
  url: string;
  start: number;
  end: number;
}

/** A VOD media playlist with one init segment. */
export interface MediaPlaylist {
  init: string;
  segments: Segment[];
  duration: number;
}

/** Seconds of media kept buffered ahead of the playhead. */
const AHEAD = 30;
/** Media further behind the playhead than this is removed from the buffer. */
const BEHIND = 60;
/** Throughput assumed before the first segment is measured (bits per second). */
const START_ESTIMATE = 1_000_000;
/** Share of the measured throughput a level's bandwidth may use. */
const SAFETY = 0.8;
const RETRIES = 3;

/**
 * Reads a media playlist; null when it is not the kind this engine plays (no EXT-X-ENDLIST,
 * no EXT-X-MAP, encryption, byte ranges, discontinuities, MPEG-TS segments).
 */
export function parseMediaPlaylist(text: string, base: string): MediaPlaylist | null {
  if (!/^#EXT-X-ENDLIST/m.test(text)) return null;
  let init = '';
  let duration = 0;
  let pending = -1;
  const segments: Segment[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXT-X-MAP:')) {
      const uri = attr(line, 'URI');
      if (init || !uri || attr(line, 'BYTERANGE')) return null;
      init = new URL(uri, base).href;
    } else if (line.startsWith('#EXT-X-KEY:')) {
      if (attr(line, 'METHOD') !== 'NONE') return null;
    } else if (/^#EXT-X-(BYTERANGE|DISCONTINUITY)\b/.test(line)) {
      return null;
    } else if (line.startsWith('#EXTINF:')) {
      pending = parseFloat(line.slice(8));
    } else if (!line.startsWith('#')) {
      if (!(pending > 0) || /\.ts(\?|$)/i.test(line)) return null;
      segments.push({ url: new URL(line, base).href, start: duration, end: duration + pending });
      duration += pending;
      pending = -1;
    }
  }
  return init && segments.length ? { init, segments, duration } : null;
}

const mseOf = (): typeof MediaSource | undefined =>
  typeof window === 'undefined'
    ? undefined
    : ((window as { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource ??
      window.MediaSource);

/** Splits a CODECS attribute into its video and audio codecs. */
function splitCodecs(codecs: string): { video: string; audio: string } {
  const list = codecs.split(',').map((c) => c.trim());
  return {
    video: list.filter((c) => VIDEO_CODEC.test(c)).join(','),
    audio: list.filter((c) => c && !VIDEO_CODEC.test(c)).join(','),
  };
}

class HttpError extends Error {}

async function fetchWithRetry<T>(
  url: string,
  read: (r: Response) => Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, { signal });
      if (!response.ok) throw new HttpError(`HTTP ${response.status} for ${url}`);
      return await read(response);
    } catch (error) {
      if (signal.aborted || attempt + 1 >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
    }
  }
}

const text = (r: Response): Promise<string> => r.text();
const bytes = (r: Response): Promise<ArrayBuffer> => r.arrayBuffer();

/** One SourceBuffer and the rendition it is filled from. */
interface Lane {
  sb: SourceBuffer;
  /** The playlist segments come from. */
  playlist: MediaPlaylist;
  /** The init segment last appended. */
  appendedInit: string;
  /** The media segment last appended: never fetched twice in a row (a gap in the buffer). */
  lastUrl: string;
  /** Raised on each switch: a segment fetched for an earlier one is dropped. */
  generation: number;
  isBusy: boolean;
  isDone: boolean;
  /** SourceBuffer operations, one after another. */
  chain: Promise<void>;
}

/** The end of the buffered range that holds `time`, else `time`. */
function bufferedEnd(sb: SourceBuffer, time: number): number {
  const ranges = sb.buffered;
  for (let i = 0; i < ranges.length; i++) {
    if (ranges.start(i) <= time + 0.1 && ranges.end(i) >= time) return ranges.end(i);
  }
  return time;
}

function attachLadder(
  video: HTMLVideoElement,
  url: string,
  callbacks: EngineCallbacks,
  prefetchedMaster?: Promise<string>,
): StreamEngine {
  const abort = new AbortController();
  const signal = abort.signal;
  const playlists = new Map<string, Promise<MediaPlaylist | null>>();
  let variants: HlsVariant[] = [];
  let audios: HlsAudio[] = [];
  let level = 0;
  let isAuto = true;
  let audio = 0;
  let estimate = START_ESTIMATE;
  let media: MediaSource | null = null;
  let objectUrl = '';
  const lanes: { video?: Lane; audio?: Lane } = {};
  let types = { video: '', audio: '' };
  let isAudioOnly = false;
  /** Where a reopened Media Source resumes, until its metadata lets the video seek there. */
  let resumeAt: number | null = null;
  /** "Audio only" choices so far: only the last one's reopen goes on. */
  let reopenings = 0;
  let isDestroyed = false;
  const isDeferred =
    (video.preload === 'none' || video.preload === 'metadata') &&
    video.paused &&
    video.played.length === 0;
  let isStarted = !isDeferred;

  const playlist = (playlistUrl: string): Promise<MediaPlaylist | null> => {
    let p = playlists.get(playlistUrl);
    if (!p) {
      p = fetchWithRetry(playlistUrl, text, signal).then((t) => parseMediaPlaylist(t, playlistUrl));
      playlists.set(playlistUrl, p);
    }
    return p;
  };

  const fail = (error: unknown): void => {
    if (isDestroyed || signal.aborted) return;
    callbacks.onFatal(`HLS: ${String(error)}`);
  };

  const run = (lane: Lane, op: () => void): Promise<void> =>
    (lane.chain = lane.chain.then(
      () =>
        new Promise<void>((resolve, reject) => {
          const done = (event: Event): void => {
            lane.sb.removeEventListener('updateend', done);
            lane.sb.removeEventListener('error', done);
            if (event.type === 'error') reject(new Error('SourceBuffer error'));
            else resolve();
          };
          lane.sb.addEventListener('updateend', done);
          lane.sb.addEventListener('error', done);
          op();
        }),
    ));

  /** The level a throughput of `bps` affords. */
  const affordable = (bps: number): number => {
    let best = -1;
    let lowest = 0;
    variants.forEach((v, i) => {
      if (v.bitrate < variants[lowest]!.bitrate) lowest = i;
      if (v.bitrate <= bps * SAFETY && (best < 0 || v.bitrate > variants[best]!.bitrate)) best = i;
    });
    return best < 0 ? lowest : best;
  };

  const maybeEnd = (): void => {
    const all = [lanes.video, lanes.audio].filter((l): l is Lane => !!l);
    if (media?.readyState !== 'open' || !all.every((l) => l.isDone && !l.isBusy)) return;
    if (all.some((l) => l.sb.updating)) return;
    try {
      media.endOfStream();
    } catch {
      // A SourceBuffer began updating in between: the next pass ends the stream.
    }
  };

  /** Fetches and appends the next segment `lane` needs, then goes on while AHEAD allows. */
  const pump = async (lane: Lane, wanted: () => string): Promise<void> => {
    if (lane.isBusy || isDestroyed || !isStarted) return;
    lane.isBusy = true;
    try {
      for (;;) {
        const now = resumeAt ?? video.currentTime;
        const from = bufferedEnd(lane.sb, now);
        const generation = lane.generation;
        const list = await playlist(wanted());
        if (!list) throw new Error('a rendition is not fragmented MP4 VOD');
        if (generation !== lane.generation) continue;
        lane.playlist = list;
        // Past a buffered range, the next segment; where nothing is buffered, the segment that
        // holds the time, however close to its end (skipping it left a gap playback never crossed).
        const past = from > now ? from + 0.1 : from;
        let segment = list.segments.find((s) => s.end > past);
        if (segment?.url === lane.lastUrl)
          segment = list.segments[list.segments.indexOf(segment) + 1];
        // At the end, a lane that holds nothing of this rendition still needs its init segment
        // and a last picture: a Media Source ended without them is a media error ("audio only"
        // or another quality chosen after the end).
        if (!segment && lane.appendedInit !== list.init) segment = list.segments.at(-1);
        lane.isDone = !segment;
        if (!segment || from - now >= AHEAD) break;
        const isCurrent = (): boolean =>
          !isDestroyed && (lane === lanes.video || lane === lanes.audio);
        // The init segment goes in as soon as it is here, while the media segment still loads.
        const initAppended =
          lane.appendedInit === list.init
            ? null
            : fetchWithRetry(list.init, bytes, signal).then(async (init) => {
                if (!isCurrent()) return;
                await run(lane, () => lane.sb.appendBuffer(init));
                lane.appendedInit = list.init;
              });
        const started = performance.now();
        let ended = started;
        const segmentData = fetchWithRetry(segment.url, bytes, signal).then((data) => {
          ended = performance.now();
          return data;
        });
        const [, data] = await Promise.all([initAppended, segmentData]);
        if (!isCurrent()) return;
        if (lane === lanes.video && isAuto) {
          const seconds = Math.max(0.001, (ended - started) / 1000);
          const sample = (data.byteLength * 8) / seconds;
          estimate = estimate === START_ESTIMATE ? sample : 0.5 * estimate + 0.5 * sample;
          level = affordable(estimate);
        }
        if (generation !== lane.generation) continue;
        const ranges = lane.sb.buffered;
        if (ranges.length && ranges.start(0) < now - BEHIND) {
          const cut = now - BEHIND / 2;
          await run(lane, () => lane.sb.remove(0, cut));
        }
        await run(lane, () => lane.sb.appendBuffer(data));
        lane.lastUrl = segment.url;
      }
    } catch (error) {
      lane.isBusy = false;
      // A lane of a Media Source replaced meanwhile ("audio only") fails quietly.
      if (lane === lanes.video || lane === lanes.audio) fail(error);
      return;
    }
    lane.isBusy = false;
    maybeEnd();
  };

  const videoUrl = (): string => variants[level]!.url;
  const audioUrl = (): string => audios[audio]!.url;
  const pumpAll = (): void => {
    if (lanes.video) void pump(lanes.video, videoUrl);
    if (lanes.audio) void pump(lanes.audio, audioUrl);
  };

  /** Drops what `lane` holds past the segment playing, so a new rendition shows soon. */
  const flushAhead = (lane: Lane | undefined): void => {
    if (!lane) return;
    lane.generation++;
    lane.lastUrl = '';
    const now = video.currentTime;
    const playing = lane.playlist.segments.find((s) => s.end > now);
    const from = playing ? playing.end : now;
    // Nothing lies past the last segment: a remove from the end is refused (a TypeError).
    const end = media?.duration ?? 0;
    const removed =
      from < end ? run(lane, () => lane.sb.remove(from, Infinity)) : Promise.resolve();
    void removed.then(pumpAll).catch((error: unknown) => {
      if (lane === lanes.video || lane === lanes.audio) fail(error);
    });
  };

  const onPlay = (): void => {
    isStarted = true;
    pumpAll();
  };

  const start = async (): Promise<void> => {
    // The core's request for it, made while this chunk loaded; else (or failed) our own.
    const masterText = await (prefetchedMaster ?? Promise.reject(new Error('none'))).catch(() =>
      fetchWithRetry(url, text, signal),
    );
    if (isDestroyed) return;
    variants = parseMasterPlaylist(masterText, url);
    audios = parseAudioRenditions(masterText, url);
    const Mse = mseOf();
    const codecs = splitCodecs(variants[0]?.codecs ?? '');
    const isSeparateAudio = audios.length > 0;
    const videoType = `video/mp4; codecs="${isSeparateAudio ? codecs.video : variants[0]?.codecs}"`;
    const audioType = `audio/mp4; codecs="${codecs.audio}"`;
    const fits =
      !!Mse &&
      variants.length > 0 &&
      variants.every((v) => v.codecs && splitCodecs(v.codecs).video) &&
      !/^#EXTINF|^#EXT-X-SESSION-KEY/m.test(masterText) &&
      Mse.isTypeSupported(videoType) &&
      (!isSeparateAudio || (!!codecs.audio && Mse.isTypeSupported(audioType)));
    audio = Math.max(
      0,
      audios.findIndex((a) => a.isDefault),
    );
    level = affordable(estimate);
    // The Media Source opens while the renditions' playlists load (a VOD master of the ladder's
    // kind); a stream that turns out to be another kind gives the video back, emptied.
    const opening = fits ? attachSource() : null;
    const [videoList, audioList] = fits
      ? await Promise.all([
          playlist(videoUrl()),
          isSeparateAudio ? playlist(audioUrl()) : Promise.resolve(null),
        ])
      : [null, null];
    if (isDestroyed) return;
    if (!Mse || !videoList || (isSeparateAudio && !audioList)) {
      abort.abort();
      if (opening) detachSource();
      callbacks.onOtherStream?.();
      return;
    }
    callbacks.onLive(false);
    if (isSeparateAudio) callbacks.onAudioTracks?.(audios);
    types = { video: videoType, audio: audioType };
    // The levels go to the menu once the first segments are on their way (the menu's work
    // then does not delay them), or at once when nothing loads before the first play.
    const isEarly = !isStarted;
    if (isEarly) callbacks.onLevels(levels());
    fill(await opening!, videoList, audioList);
    if (!isEarly && !isDestroyed) callbacks.onLevels(levels());
  };

  /** A new Media Source on the video, once open. */
  const attachSource = async (): Promise<MediaSource> => {
    const Mse = mseOf()!;
    const previous = objectUrl;
    lanes.video = lanes.audio = undefined;
    const source = new Mse();
    media = source;
    const opened = new Promise((resolve) =>
      source.addEventListener('sourceopen', resolve, { once: true }),
    );
    objectUrl = URL.createObjectURL(source);
    // ManagedMediaSource (Safari) plays only with remote playback off or an AirPlay source.
    if (Mse !== window.MediaSource) video.disableRemotePlayback = true;
    // A new source pauses a video that had begun loading another (the load algorithm): a play
    // asked for meanwhile goes on.
    const isPlaying = !video.paused;
    video.src = objectUrl;
    if (isPlaying && video.paused) video.play().catch(() => {});
    if (previous) URL.revokeObjectURL(previous);
    await opened;
    return source;
  };

  const detachSource = (): void => {
    media = null;
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(objectUrl);
    objectUrl = '';
  };

  /** A new Media Source on the video, with a SourceBuffer for each list given. */
  const open = async (videoList: MediaPlaylist | null, audioList: MediaPlaylist | null) =>
    fill(await attachSource(), videoList, audioList);

  /** A SourceBuffer on `source` for each list given, and the first segments asked for. */
  const fill = (
    source: MediaSource,
    videoList: MediaPlaylist | null,
    audioList: MediaPlaylist | null,
  ): void => {
    if (isDestroyed || media !== source) return;
    source.duration = (videoList ?? audioList)!.duration;
    const lane = (type: string, list: MediaPlaylist): Lane => ({
      sb: source.addSourceBuffer(type),
      playlist: list,
      appendedInit: '',
      lastUrl: '',
      generation: 0,
      isBusy: false,
      isDone: false,
      chain: Promise.resolve(),
    });
    if (videoList) lanes.video = lane(types.video, videoList);
    if (audioList) lanes.audio = lane(types.audio, audioList);
    pumpAll();
  };

  /**
   * "Audio only": the audio rendition alone in a Media Source of its own, from the same time.
   * The last choice holds: a reopen still waiting for a playlist when another choice comes is
   * dropped (a late playlist brought the video back and the time the viewer had left).
   */
  const setAudioOnly = (on: boolean): void => {
    if (on === isAudioOnly || !audios.length || !media) return;
    isAudioOnly = on;
    const choice = ++reopenings;
    const reopen = async (): Promise<void> => {
      const [videoList, audioList] = await Promise.all([
        on ? null : playlist(videoUrl()),
        playlist(audioUrl()),
      ]);
      if (isDestroyed || choice !== reopenings || !audioList || (!on && !videoList)) return;
      // Where the viewer is once the playlists are in (a seek or a play meanwhile counts).
      const time = video.currentTime;
      const isPlaying = !video.paused;
      const resume = (): void => {
        if (choice !== reopenings) return;
        resumeAt = null;
        video.currentTime = time;
        if (isPlaying) video.play().catch(() => {});
      };
      video.addEventListener('loadedmetadata', resume, { once: true });
      resumeAt = time;
      await open(videoList, audioList);
    };
    reopen().catch(fail);
  };

  const levels = (): ReturnType<StreamEngine['levels']> =>
    variants.map(({ id, title, isHD, bitrate }) => ({ id, title, isHD, bitrate }));

  if (isDeferred) video.addEventListener('play', onPlay, { once: true });
  video.addEventListener('timeupdate', pumpAll);
  video.addEventListener('seeking', pumpAll);
  start().catch(fail);

  return {
    levels,
    setLevel(id) {
      isAuto = id < 0 || id >= variants.length;
      if (!isAuto) level = id;
      if (isAudioOnly) setAudioOnly(false);
      else if (!isAuto) flushAhead(lanes.video);
    },
    selectedLevel: () => (isAuto ? -1 : level),
    audioTracks: () =>
      audios.map(({ id, name, language, isDefault }) => ({ id, name, language, isDefault })),
    setAudioTrack(id) {
      if (id === audio || !audios[id]) return;
      audio = id;
      flushAhead(lanes.audio);
    },
    selectedAudioTrack: () => audio,
    setAudioOnly,
    isAudioOnly: () => isAudioOnly,
    destroy() {
      isDestroyed = true;
      abort.abort();
      video.removeEventListener('play', onPlay);
      video.removeEventListener('timeupdate', pumpAll);
      video.removeEventListener('seeking', pumpAll);
      if (objectUrl) {
        video.removeAttribute('src');
        video.load();
        URL.revokeObjectURL(objectUrl);
      }
    },
    kind: 'ladder',
    instance: null,
  };
}

export const engine: EngineModule = {
  isSupported: () => !!mseOf(),
  attach: (video, url, _modules, callbacks, master) => attachLadder(video, url, callbacks, master),
};
