import { appendFile, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@cutroom/core/platform/logging/logger';
import {
  livePrefix,
  liveReplayMasterKey,
  liveReplayPosterKey,
} from '@cutroom/core/features/videos/live/live-media-keys';
import type { Storage } from '@cutroom/core/platform/storage/storage';
import { runTool } from '../ffmpeg-runner';
import { PART_SECONDS, type ClosedSegment, type LlHlsUpdate } from './ll-hls-packager';

/**
 * The live ladder (docs/live.md, docs/decisions/0043): the incoming H.264 passed through as the
 * top rendition, and one 360p rendition made from it, cut at the incoming keyframes so both
 * rungs switch at the same instants; 1-second segments (the keyframe interval the Go live page
 * asks for) of 0.2-second parts (Low-Latency HLS, docs/decisions/0065) and a 12-minute window
 * to seek back in.
 */
export const LIVE_SEGMENT_SECONDS = 1;
export const LIVE_WINDOW_SECONDS = 12 * 60;
export const LIVE_LOW_HEIGHT = 360;
/** Where a live's media are kept in storage (docs/live.md), and the one key its page plays. */
export { livePrefix, liveReplayMasterKey, liveReplayPosterKey };
export const liveMasterKey = (videoId: string) => `${livePrefix(videoId)}master.m3u8`;
export const livePosterKey = (videoId: string) => `${livePrefix(videoId)}poster.jpg`;

export interface LiveLadderInput {
  /** The recording part to write (a relative name in the live's folder). */
  part: string;
  hasAudio: boolean;
  inputWidth: number;
  inputHeight: number;
  /**
   * The live's shape, from its first stream (docs/live.md, "A stream back"): a stream back at
   * another size is fitted to it, so each rung keeps the size its playlist and the master say.
   * The first stream's own when absent.
   */
  shape?: LiveShape;
  x264Preset?: string;
}

/** What a live's rungs were made of by its first stream: a stream back is fitted to it. */
export interface LiveShape {
  width: number;
  height: number;
  hasAudio: boolean;
  /** The top rung's RFC 6381 codec (its profile is kept when the stream back is re-encoded). */
  videoCodec: string;
  /** The top rung's bits a second, from the first stream. */
  bitRate: number;
}

/** The file descriptor ffmpeg writes the live's first rung to (`pipe:3`); the next rung the next one. */
export const LIVE_RUNG_FIRST_FD = 3;

/**
 * A rung's output: fragmented MP4, a fragment at each keyframe and every part's length, each
 * flushed as made (the packager makes it a partial segment at once).
 */
const RUNG_OUTPUT = [
  ...['-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof'],
  ...['-frag_duration', String(Math.round(PART_SECONDS * 1_000_000)), '-flush_packets', '1'],
];

/** Whether the stream gets a made rendition besides its own (it is taller than the low one). */
export const hasLowRendition = (inputHeight: number) => inputHeight > LIVE_LOW_HEIGHT;

/** x264's profile for an RFC 6381 H.264 codec string's profile byte (High where unknown). */
function x264ProfileOf(videoCodec: string): string {
  const profile = videoCodec.slice(5, 7).toLowerCase();
  return profile === '42' ? 'baseline' : profile === '4d' ? 'main' : 'high';
}

/**
 * ffmpeg's arguments: the stream from standard input only (`pipe`), the recording (copied) into
 * the live's folder (`file`, a relative name) and each rung on a pipe of its own. A stream of the live's own
 * size is passed through as its top rung; a stream back at another size is scaled into the
 * live's size (its picture kept whole, bars where the shapes differ) and encoded, cut at its
 * own keyframes as the low rung is. Sound the live began without is left out of its rungs.
 */
export function liveLadderArgs(input: LiveLadderInput): string[] {
  const shape = input.shape ?? {
    width: input.inputWidth,
    height: input.inputHeight,
    hasAudio: input.hasAudio,
    videoCodec: 'avc1.640028',
    bitRate: 0,
  };
  const isRefitted = shape.width !== input.inputWidth || shape.height !== input.inputHeight;
  const hasAudio = input.hasAudio && shape.hasAudio;
  const audio = hasAudio ? ['-map', '0:a:0'] : [];
  const low = hasLowRendition(shape.height);
  const args = ['-hide_banner', '-nostats', '-loglevel', 'error'];
  args.push('-protocol_whitelist', 'pipe,file', '-f', 'flv', '-i', 'pipe:0');
  // The recording: the stream as it came, for the replay.
  const recordedAudio = input.hasAudio ? ['-map', '0:a:0'] : [];
  args.push('-map', '0:v:0', ...recordedAudio, '-c', 'copy', '-f', 'flv', input.part);
  // The ladder: each rung as fragmented MP4 on its own pipe, packaged as Low-Latency HLS by
  // LlHlsPackager (docs/decisions/0065).
  args.push('-map', '0:v:0', ...audio);
  if (!isRefitted) args.push('-c:v', 'copy');
  else {
    const { width, height } = shape;
    const bitRate = Math.max(500_000, Math.round(shape.bitRate));
    args.push(
      ...['-c:v', 'libx264', '-preset', input.x264Preset ?? 'veryfast', '-tune', 'zerolatency'],
      ...['-profile:v', x264ProfileOf(shape.videoCodec), '-pix_fmt', 'yuv420p'],
      ...[
        '-filter:v',
        `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1`,
      ],
      ...['-b:v', String(bitRate), '-maxrate', String(bitRate), '-bufsize', String(bitRate)],
      ...['-force_key_frames', 'source', '-sc_threshold', '0'],
    );
  }
  if (hasAudio) args.push('-c:a', 'copy');
  args.push(...RUNG_OUTPUT, `pipe:${LIVE_RUNG_FIRST_FD}`);
  if (low) {
    const scale = isRefitted
      ? `scale=${shape.width}:${shape.height}:force_original_aspect_ratio=decrease,pad=${shape.width}:${shape.height}:(ow-iw)/2:(oh-ih)/2,setsar=1,scale=-2:${LIVE_LOW_HEIGHT}`
      : `scale=-2:${LIVE_LOW_HEIGHT}`;
    args.push('-map', '0:v:0', ...audio);
    args.push(
      ...['-c:v', 'libx264', '-preset', input.x264Preset ?? 'veryfast', '-tune', 'zerolatency'],
      ...['-filter:v', scale, '-pix_fmt', 'yuv420p'],
      ...['-b:v', '800k', '-maxrate', '900k', '-bufsize', '900k'],
      // Keyframes where the incoming stream has them: both rungs cut segments together.
      ...['-force_key_frames', 'source', '-sc_threshold', '0'],
    );
    if (hasAudio) args.push('-c:a', 'copy');
    args.push(...RUNG_OUTPUT, `pipe:${LIVE_RUNG_FIRST_FD + 1}`);
  }
  return args;
}

/** One part of a live's recording (a stream on the air, until it dropped), as ffprobe read it. */
export interface RecordingPart {
  /** Its file name in the live's folder. */
  name: string;
  /** Its streams' codecs, sizes, rates and decoder settings: parts alike join as they are. */
  signature: string;
  width: number;
  height: number;
  hasAudio: boolean;
  durationSeconds: number;
}

/**
 * ffmpeg's arguments to join a live's recording parts into `recording.mp4` in its folder (the
 * source of the replay's full ladder). Parts alike (one encoder's stream coming back as it was)
 * are joined as they are, from `parts.txt`; parts that differ (a stream back at another size,
 * or from an encoder set otherwise: its decoder settings differ) are fitted to the first part's
 * size and encoded once, sound the first part lacks left out, a part without sound given
 * silence.
 */
export function recordingJoinArgs(parts: RecordingPart[]): string[] {
  const args = ['-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file'];
  const [first] = parts;
  if (!first || parts.every((part) => part.signature === first.signature)) {
    return args.concat(
      ['-f', 'concat', '-safe', '1', '-i', 'parts.txt', '-map', '0', '-c', 'copy'],
      ['-movflags', '+faststart', '-y', 'recording.mp4'],
    );
  }
  const { width, height, hasAudio } = first;
  const chains: string[] = [];
  let joined = '';
  parts.forEach((part, index) => {
    args.push('-i', part.name);
    chains.push(
      `[${index}:v:0]scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuv420p[v${index}]`,
    );
    if (hasAudio) {
      chains.push(
        part.hasAudio
          ? `[${index}:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a${index}]`
          : `anullsrc=r=48000:cl=stereo,atrim=duration=${part.durationSeconds.toFixed(3)},aformat=sample_fmts=fltp[a${index}]`,
      );
    }
    joined += hasAudio ? `[v${index}][a${index}]` : `[v${index}]`;
  });
  const outputs = hasAudio ? '[v][a]' : '[v]';
  chains.push(`${joined}concat=n=${parts.length}:v=1:a=${hasAudio ? 1 : 0}${outputs}`);
  return args.concat(
    ['-filter_complex', chains.join(';'), '-map', '[v]'],
    hasAudio ? ['-map', '[a]', '-c:a', 'aac', '-b:a', '192k'] : [],
    ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p'],
    ['-movflags', '+faststart', '-y', 'recording.mp4'],
  );
}

/** What of a part's streams must be alike for parts to join as they are (decoder settings too). */
const PART_ENTRIES =
  'format=duration:stream=codec_type,codec_name,profile,width,height,pix_fmt,sample_rate,channels,extradata_hash';

/** One recording part's streams, read by ffprobe (a part the site wrote; bounded in time). */
export async function probeRecordingPart(
  ffprobePath: string,
  folder: string,
  name: string,
): Promise<RecordingPart> {
  const out = await runTool(
    ffprobePath,
    ['-v', 'error', '-show_data_hash', 'md5', '-of', 'json', '-show_entries', PART_ENTRIES].concat([
      '-protocol_whitelist',
      'file',
      name,
    ]),
    { cwd: folder, signal: AbortSignal.timeout(30_000) },
  );
  const info = JSON.parse(out) as {
    streams?: { codec_type?: string; width?: number; height?: number }[];
    format?: { duration?: string };
  };
  const streams = info.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video');
  return {
    name,
    signature: JSON.stringify(streams),
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
    durationSeconds: Number(info.format?.duration ?? 0) || 0,
  };
}

/** One rung as the master playlist names it. */
export interface LiveVariant {
  bandwidth: number;
  width: number;
  height: number;
  codecs: string;
}

/**
 * The master playlist, written here rather than by ffmpeg (which leaves out a passed-through
 * rendition, whose bitrate it does not know): the rungs in `v0/`, `v1/` order.
 */
export function liveMasterPlaylist(variants: LiveVariant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  variants.forEach((variant, index) => {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.round(variant.bandwidth)},RESOLUTION=${variant.width}x${variant.height},CODECS="${variant.codecs}"`,
      `v${index}/index.m3u8`,
    );
  });
  return `${lines.join('\n')}\n`;
}

/** The rungs of a stream of this size and rate, with its H.264 and AAC codec strings. */
export function liveVariants(input: {
  width: number;
  height: number;
  bitRate: number;
  videoCodec: string;
  audioCodec: string | null;
}): LiveVariant[] {
  const codecs = (video: string) => [video, input.audioCodec].filter(Boolean).join(',');
  const variants = [
    {
      bandwidth: input.bitRate,
      width: input.width,
      height: input.height,
      codecs: codecs(input.videoCodec),
    },
  ];
  if (hasLowRendition(input.height)) {
    const width = Math.round(((input.width / input.height) * LIVE_LOW_HEIGHT) / 2) * 2;
    variants.push({
      bandwidth: 900_000 + (input.audioCodec ? 160_000 : 0),
      width,
      height: LIVE_LOW_HEIGHT,
      codecs: codecs('avc1.64001e'),
    });
  }
  return variants;
}

/**
 * The RFC 6381 codec of an H.264 stream from its FLV sequence header (the AVC decoder
 * configuration's profile, constraints and level bytes), or a main-profile default.
 */
export function avcCodecOf(flvVideoHeader: Buffer | null): string {
  // FLV tag header (11), video tag header (5), configuration version (1), then the three bytes.
  if (!flvVideoHeader || flvVideoHeader.length < 20) return 'avc1.4d401f';
  const hex = (byte: number) => byte.toString(16).padStart(2, '0');
  return `avc1.${hex(flvVideoHeader[17]!)}${hex(flvVideoHeader[18]!)}${hex(flvVideoHeader[19]!)}`;
}

/** The segments a media playlist names. */
export function segmentsOf(playlist: string): string[] {
  return playlist
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** One segment of a live with its real duration (its EXTINF, as the packager measured it). */
export interface TimedSegment {
  name: string;
  seconds: number;
  /** The init segment its fragments need (fragmented MP4; none for a live of MPEG-TS). */
  init?: string;
  /** The first segment of a stream back (another init, its timestamps anew). */
  isDiscontinuity?: boolean;
}

/**
 * Every segment a rung of the live ever had, in order, kept in the live's folder beside its
 * segments (`hls/v0/replay-list.txt`, one `{seconds} {name} {init} {d}` a line, `d` marking a
 * stream back's first): the live playlist keeps only the window.
 */
const REPLAY_LIST = 'replay-list.txt';

/** The segments of each rung the live recorded (`v0`, `v1` …), read from its folder. */
export async function readReplayLists(folder: string): Promise<Map<string, TimedSegment[]>> {
  const hls = join(folder, 'hls');
  const lists = new Map<string, TimedSegment[]>();
  const variants = (await readdir(hls).catch(() => [] as string[]))
    .filter((name) => /^v\d+$/.test(name))
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  for (const variant of variants) {
    const text = await readFile(join(hls, variant, REPLAY_LIST), 'utf8').catch(() => '');
    const segments = text
      .split('\n')
      .filter(Boolean)
      .map((line): TimedSegment => {
        const [seconds, name, init, mark] = line.split(' ');
        return {
          name: name!,
          seconds: Number(seconds),
          ...(init ? { init, isDiscontinuity: mark === 'd' } : {}),
        };
      });
    if (segments.length > 0) lists.set(variant, segments);
  }
  return lists;
}

/**
 * A rung of the replay made of the live's own segments (docs/live.md, "The end"): a VOD
 * playlist over every segment it recorded, with their real durations and its end.
 */
export function replayMediaPlaylist(segments: TimedSegment[]): string {
  const longest = Math.max(1, ...segments.map((segment) => segment.seconds));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXT-X-TARGETDURATION:${Math.ceil(longest)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  let init: string | undefined;
  for (const [index, segment] of segments.entries()) {
    if (segment.isDiscontinuity && index > 0) lines.push('#EXT-X-DISCONTINUITY');
    if (segment.init && segment.init !== init) lines.push(`#EXT-X-MAP:URI="${segment.init}"`);
    init = segment.init;
    lines.push(`#EXTINF:${segment.seconds.toFixed(6)},`, segment.name);
  }
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/**
 * The replay's master playlist: the live's, its rungs pointed at their replay playlists
 * (`v0/replay.m3u8` …), a rung that recorded nothing left out.
 */
export function replayMasterPlaylist(liveMaster: string, recorded: Set<string>): string {
  const lines = liveMaster.split('\n').filter(Boolean);
  const out: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!line.startsWith('#EXT-X-STREAM-INF:')) {
      out.push(line);
      continue;
    }
    const variant = /^(v\d+)\/index\.m3u8$/.exec(lines[index + 1] ?? '')?.[1];
    index++;
    if (variant && recorded.has(variant)) out.push(line, `${variant}/replay.m3u8`);
  }
  return `${out.join('\n')}\n`;
}

/** The live's master playlist, kept in its folder for its replay. */
export const LIVE_MASTER_FILE = 'master.m3u8';
/** The live's first stream's shape (`LiveShape`), in its work folder: a stream back reads it. */
export const LIVE_SHAPE_FILE = 'shape.json';

/** One rung's changes waiting to be copied to storage. */
interface PendingRung {
  written: Set<string>;
  removed: Set<string>;
  closed: ClosedSegment[];
  left: string[];
  playlist: string | null;
}

/**
 * Copies a live's rungs from its folder to storage as their packagers make them (docs/live.md):
 * new parts and segments first, then the playlist naming them (a player never reads a file not
 * yet there); parts the playlist no longer lists are removed. Segments that leave the window
 * stay in storage, each noted in its rung's replay list: they are the replay at the live's end.
 * Changes arriving while a copy runs are joined into the next (five a second a rung). Storage
 * may be shared by every node; `onPlaylist` tells this node's blocking reloads at once.
 */
export class LiveMediaSync {
  readonly #pending = new Map<number, PendingRung>();
  /** Per rung, the segments already in its replay list (read from the folder at first). */
  readonly #listed = new Map<number, Set<string>>();
  readonly #rungsWithSegment = new Set<number>();
  #isWatchable = false;
  #running: Promise<void> | null = null;
  #onWatchable: () => void = () => undefined;
  /** Settles once the master playlist (and the segments it leads to) are in storage. */
  readonly watchable = new Promise<void>((resolve) => (this.#onWatchable = resolve));

  constructor(
    private readonly folder: string,
    private readonly storage: Storage,
    private readonly videoId: string,
    private readonly log: Logger,
    /** The master playlist, put once every rung has its first segment. */
    private readonly master: string,
    private readonly variantCount: number,
    private readonly onPlaylist: (key: string, playlist: string) => void = () => undefined,
  ) {}

  /** One rung's packager update (rung `variant`, in `hls/v{variant}/`). */
  take(variant: number, update: LlHlsUpdate): void {
    let pending = this.#pending.get(variant);
    if (!pending) {
      pending = { written: new Set(), removed: new Set(), closed: [], left: [], playlist: null };
      this.#pending.set(variant, pending);
    }
    for (const name of update.written) pending.written.add(name);
    for (const name of update.removed) {
      // A part written and removed before it was copied is never copied.
      if (!pending.written.delete(name)) pending.removed.add(name);
    }
    pending.closed.push(...update.closed);
    pending.left.push(...update.left);
    pending.playlist = update.playlist;
    this.#running ??= this.#drain().finally(() => (this.#running = null));
  }

  /** Settles once every change taken so far is in storage. */
  async flush(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    while (this.#pending.size > 0) {
      const batch = [...this.#pending];
      this.#pending.clear();
      for (const [variant, pending] of batch) {
        await this.#copy(variant, pending).catch((error: unknown) =>
          this.log.warn({ err: error, videoId: this.videoId, variant }, 'live media sync failed'),
        );
      }
      if (!this.#isWatchable && this.#rungsWithSegment.size >= this.variantCount) {
        await this.storage.putBytes(`${livePrefix(this.videoId)}master.m3u8`, this.master, {
          contentType: 'application/vnd.apple.mpegurl',
        });
        this.#isWatchable = true;
        this.#onWatchable();
      }
    }
  }

  async #copy(variant: number, pending: PendingRung): Promise<void> {
    const local = join(this.folder, 'hls', `v${variant}`);
    const prefix = `${livePrefix(this.videoId)}v${variant}/`;
    for (const name of pending.written) {
      await this.storage.putFile(`${prefix}${name}`, join(local, name)).catch((error: unknown) => {
        // A part the packager let go before its copy came (a copy that fell seconds behind):
        // no longer listed, it is not needed.
        const isGonePart =
          name.startsWith('part-') && (error as NodeJS.ErrnoException).code === 'ENOENT';
        if (!isGonePart) throw error;
      });
    }
    if (pending.playlist !== null) {
      const key = `${prefix}index.m3u8`;
      await this.storage.putBytes(key, pending.playlist, {
        contentType: 'application/vnd.apple.mpegurl',
      });
      this.onPlaylist(key, pending.playlist);
    }
    for (const name of pending.removed) await this.storage.deleteObject(`${prefix}${name}`);
    if (pending.closed.length > 0) {
      await this.#noteForReplay(local, variant, pending.closed);
      this.#rungsWithSegment.add(variant);
    }
    // Segments that left the window stay in storage (the replay), not on this disk.
    for (const name of pending.left) await rm(join(local, name), { force: true });
  }

  /** Adds the rung's segments made whole, not yet in its replay list, to it, in order. */
  async #noteForReplay(folder: string, variant: number, closed: ClosedSegment[]): Promise<void> {
    let listed = this.#listed.get(variant);
    if (!listed) {
      const text = await readFile(join(folder, REPLAY_LIST), 'utf8').catch(() => '');
      listed = new Set(text.split('\n').map((line) => line.split(' ')[1] ?? ''));
      this.#listed.set(variant, listed);
    }
    const fresh = closed.filter((segment) => !listed.has(segment.name));
    if (fresh.length === 0) return;
    await appendFile(
      join(folder, REPLAY_LIST),
      fresh
        .map(
          (segment) =>
            `${segment.seconds} ${segment.name} ${segment.init}${segment.isDiscontinuity ? ' d' : ''}\n`,
        )
        .join(''),
    );
    for (const segment of fresh) listed.add(segment.name);
  }

  /** Whether the master playlist and a first segment are in storage: the live can be watched. */
  get isWatchable(): boolean {
    return this.#isWatchable;
  }
}
