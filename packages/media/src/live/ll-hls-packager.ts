import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import ISOBoxer from 'codem-isoboxer';

/**
 * Low-Latency HLS for a live's rung (docs/live.md, "Latency"; docs/decisions/0065): ffmpeg
 * writes the rung as fragmented MP4 (a fragment at each keyframe and every `PART_SECONDS`), and
 * this packager makes each fragment a partial segment as it arrives, joins them into whole
 * segments at keyframes, and keeps the media playlist with its parts, its preload hint and what
 * a blocking reload needs. ffmpeg's HLS muxer writes no parts: a player could only ever be a
 * whole segment behind the encoder, plus the playlist's polling.
 */

/** A partial segment's target length: ffmpeg is asked for fragments this long. */
export const PART_SECONDS = 0.2;
/** A top-level box larger than this ends the stream: ffmpeg's fragments are far smaller. */
const MAX_BOX_BYTES = 64 * 1024 * 1024;

/** A fragment (`moof` + `mdat`) of the stream: one partial segment. */
interface Part {
  name: string;
  seconds: number;
  isIndependent: boolean;
}

interface Segment {
  msn: number;
  name: string;
  seconds: number;
  parts: Part[];
  /** The init segment (`EXT-X-MAP`) its fragments need. */
  init: string;
  /** The first segment of a stream that followed another (a stream back after a drop). */
  isDiscontinuity: boolean;
  /** Wall-clock time of its first frame (`EXT-X-PROGRAM-DATE-TIME`). */
  startedAt: number;
  /** Its fragments' bytes until it is whole (then written as one file and let go). */
  bytes: Buffer[];
}

export interface LlHlsPackagerOptions {
  /** The rung's folder: init, parts, segments and `index.m3u8` are written there. */
  folder: string;
  /** A segment closes at the first keyframe past this length (the live's keyframe interval). */
  segmentSeconds: number;
  /** Segments listed in the playlist (the window a viewer may seek back in). */
  windowSegments: number;
  /** The latest whole segments whose parts stay listed (docs/decisions/0065: three). */
  partSegments?: number;
  /** Wall clock, for the program date-time of each segment. */
  now?: () => number;
  /** Called after each change is on disk: the playlist and the newest part (for blocking reloads and storage). */
  onUpdate?: (update: LlHlsUpdate) => void;
}

export interface LlHlsUpdate {
  playlist: string;
  /** The newest part listed: its segment's media sequence number and its index in it. */
  msn: number;
  part: number;
  /** Files written since the last update (relative names), before the playlist naming them. */
  written: string[];
  /** Files removed from the folder since the last update (relative names). */
  removed: string[];
  /** Segments made whole since the last update, in order (the replay lists them). */
  closed: ClosedSegment[];
  /** Segments that left the playlist's window since the last update (kept in the folder). */
  left: string[];
}

/** A whole segment as the replay needs it: its file, length, init and whether a stream began. */
export interface ClosedSegment {
  name: string;
  seconds: number;
  init: string;
  isDiscontinuity: boolean;
}

/**
 * How far back a playlist delta update may skip (`CAN-SKIP-UNTIL`, at least six target
 * durations): a player asking with `_HLS_skip=YES` gets the last 12 s listed, not the window.
 */
export const SKIP_UNTIL_SECONDS = 12;

interface TrackInfo {
  timescale: number;
  isVideo: boolean;
  defaultDuration: number;
  defaultFlags: number;
}

/** Splits a byte stream into whole top-level ISO BMFF boxes. */
class BoxSplitter {
  #pending: Buffer[] = [];
  #length = 0;

  push(chunk: Buffer): Buffer[] {
    this.#pending.push(chunk);
    this.#length += chunk.length;
    const boxes: Buffer[] = [];
    for (;;) {
      if (this.#length < 8) break;
      let head = Buffer.concat(this.#pending);
      this.#pending = [head];
      let size = head.readUInt32BE(0);
      if (size === 1) {
        if (head.length < 16) break;
        size = Number(head.readBigUInt64BE(8));
      }
      if (size < 8 || size > MAX_BOX_BYTES) {
        throw new Error(`a box of ${size} bytes in the live's fragmented MP4`);
      }
      if (head.length < size) break;
      boxes.push(head.subarray(0, size));
      head = head.subarray(size);
      this.#pending = head.length ? [head] : [];
      this.#length = head.length;
    }
    return boxes;
  }
}

const typeOf = (box: Buffer): string => box.toString('latin1', 4, 8);
const isNonSync = (flags: number): boolean => ((flags >>> 16) & 1) === 1;

/** The tracks of an init segment (`ftyp` + `moov`): timescales, kinds and fragment defaults. */
function readTracks(moov: Buffer): Map<number, TrackInfo> {
  const file = ISOBoxer.parseBuffer(toArrayBuffer(moov));
  const tracks = new Map<number, TrackInfo>();
  for (const trak of file.fetchAll('trak')) {
    const id = trak.boxes.find((b) => b.type === 'tkhd')?.track_ID as number;
    const mdia = trak.boxes.find((b) => b.type === 'mdia');
    const mdhd = mdia?.boxes?.find((b) => b.type === 'mdhd');
    const hdlr = mdia?.boxes?.find((b) => b.type === 'hdlr');
    tracks.set(id, {
      timescale: (mdhd?.timescale as number) || 90_000,
      isVideo: hdlr?.handler_type === 'vide',
      defaultDuration: 0,
      defaultFlags: 0,
    });
  }
  for (const trex of file.fetchAll('trex')) {
    const track = tracks.get(trex.track_ID as number);
    if (!track) continue;
    track.defaultDuration = trex.default_sample_duration as number;
    track.defaultFlags = trex.default_sample_flags as number;
  }
  return tracks;
}

/** A fragment's length in seconds and whether it starts at a keyframe, from its video track. */
function readFragment(
  moof: Buffer,
  tracks: Map<number, TrackInfo>,
): { seconds: number; isIndependent: boolean } {
  const file = ISOBoxer.parseBuffer(toArrayBuffer(moof));
  const trafs = file.fetchAll('traf');
  const described = trafs.map((traf) => {
    const tfhd = traf.boxes.find((b) => b.type === 'tfhd')!;
    const track = tracks.get(tfhd.track_ID as number);
    const tfhdFlags = tfhd.flags as number;
    const defaultDuration =
      tfhdFlags & 0x08 ? (tfhd.default_sample_duration as number) : (track?.defaultDuration ?? 0);
    const defaultFlags =
      tfhdFlags & 0x20 ? (tfhd.default_sample_flags as number) : (track?.defaultFlags ?? 0);
    let ticks = 0;
    let firstFlags: number | null = null;
    for (const trun of traf.boxes.filter((b) => b.type === 'trun')) {
      const flags = trun.flags as number;
      const samples = (trun.samples ?? []) as { sample_duration?: number; sample_flags?: number }[];
      for (const sample of samples)
        ticks += flags & 0x100 ? sample.sample_duration! : defaultDuration;
      if (firstFlags === null && samples.length) {
        firstFlags =
          flags & 0x04
            ? (trun.first_sample_flags as number)
            : flags & 0x400
              ? samples[0]!.sample_flags!
              : defaultFlags;
      }
    }
    return {
      isVideo: track?.isVideo ?? false,
      seconds: ticks / (track?.timescale ?? 90_000),
      isIndependent: firstFlags !== null && !isNonSync(firstFlags),
    };
  });
  const video = described.find((d) => d.isVideo) ?? described[0];
  return video ?? { seconds: 0, isIndependent: false };
}

function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

const decimals = (seconds: number): string => seconds.toFixed(5);

export class LlHlsPackager {
  readonly #options: Required<Omit<LlHlsPackagerOptions, 'onUpdate'>> &
    Pick<LlHlsPackagerOptions, 'onUpdate'>;
  readonly #segments: Segment[] = [];
  #current: Segment | null = null;
  #nextMsn = 0;
  #generation = 0;
  #init = '';
  #hasEnded = false;
  /** Discontinuities that left the window (`EXT-X-DISCONTINUITY-SEQUENCE`). */
  #discontinuitySequence = 0;
  #targetSeconds: number;
  #written: string[] = [];
  #removed: string[] = [];
  #fed: Promise<void> = Promise.resolve();
  #closed: ClosedSegment[] = [];
  #left: string[] = [];

  constructor(options: LlHlsPackagerOptions) {
    this.#options = { partSegments: 3, now: Date.now, ...options };
    this.#targetSeconds = Math.max(1, Math.ceil(options.segmentSeconds));
  }

  /** The newest part listed (-1, -1 before the first). */
  get edge(): { msn: number; part: number } {
    const current = this.#current;
    if (current?.parts.length) return { msn: current.msn, part: current.parts.length - 1 };
    const last = this.#segments.at(-1);
    return last ? { msn: last.msn, part: last.parts.length - 1 } : { msn: -1, part: -1 };
  }

  /** The newest whole segment and its init (a current picture is taken from it). */
  newestSegment(): { name: string; init: string } | null {
    const newest = this.#segments.at(-1);
    return newest ? { name: newest.name, init: newest.init } : null;
  }

  /**
   * Packages one stream (ffmpeg's fragmented MP4) until it ends: its last segment is closed
   * then. A stream after another continues the same playlist, after a discontinuity.
   */
  feed(stream: Readable): Promise<void> {
    // A stream back waits for the last one's end to be packaged: one stream at a time.
    const fed = this.#fed.then(() => this.#feedOne(stream));
    this.#fed = fed.catch(() => undefined);
    return fed;
  }

  async #feedOne(stream: Readable): Promise<void> {
    if (this.#hasEnded) throw new Error('the live has ended');
    this.#generation++;
    const splitter = new BoxSplitter();
    let header: Buffer[] = [];
    let tracks: Map<number, TrackInfo> | null = null;
    let moof: Buffer | null = null;
    let isFirstOfStream = true;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      for (const box of splitter.push(chunk)) {
        const type = typeOf(box);
        if (!tracks) {
          header.push(box);
          if (type !== 'moov') continue;
          tracks = readTracks(box);
          this.#init = `init-${this.#generation}.mp4`;
          await this.#write(this.#init, Buffer.concat(header));
          header = [];
        } else if (type === 'moof') {
          moof = box;
        } else if (type === 'mdat' && moof) {
          const fragment = readFragment(moof, tracks);
          await this.#addPart(Buffer.concat([moof, box]), fragment, isFirstOfStream);
          isFirstOfStream = false;
          moof = null;
        }
        // styp, sidx, prft, free and the closing mfra carry nothing a player needs here.
      }
    }
    await this.#closeSegment();
    await this.#commit();
  }

  /** The live has ended: the playlist says so (`EXT-X-ENDLIST`). */
  async finish(): Promise<void> {
    await this.#fed;
    this.#hasEnded = true;
    await this.#closeSegment();
    await this.#commit();
  }

  async #addPart(
    bytes: Buffer,
    fragment: { seconds: number; isIndependent: boolean },
    isFirstOfStream: boolean,
  ): Promise<void> {
    const current = this.#current;
    // A segment ends at the first keyframe once it is long enough, and with its stream.
    if (
      current &&
      (isFirstOfStream ||
        (fragment.isIndependent && current.seconds >= this.#options.segmentSeconds - 0.001))
    ) {
      await this.#closeSegment();
    }
    if (!this.#current) {
      const msn = this.#nextMsn++;
      this.#current = {
        msn,
        name: `seg-${String(msn).padStart(5, '0')}.m4s`,
        seconds: 0,
        parts: [],
        init: this.#init,
        isDiscontinuity: isFirstOfStream && this.#generation > 1,
        startedAt: this.#options.now(),
        bytes: [],
      };
    }
    const segment = this.#current;
    const part: Part = {
      name: `part-${segment.msn}.${segment.parts.length}.m4s`,
      seconds: fragment.seconds,
      isIndependent: fragment.isIndependent,
    };
    await this.#write(part.name, bytes);
    segment.parts.push(part);
    segment.bytes.push(bytes);
    segment.seconds += fragment.seconds;
    await this.#commit();
  }

  async #closeSegment(): Promise<void> {
    const segment = this.#current;
    if (!segment) return;
    this.#current = null;
    await this.#write(segment.name, Buffer.concat(segment.bytes));
    segment.bytes = [];
    this.#segments.push(segment);
    const { name, seconds, init, isDiscontinuity } = segment;
    this.#closed.push({ name, seconds, init, isDiscontinuity });
    this.#targetSeconds = Math.max(this.#targetSeconds, Math.round(segment.seconds));
    const { windowSegments, partSegments } = this.#options;
    // Parts of segments long whole are no longer listed: a player still loading one has had
    // two more segments' time to finish.
    const stale = this.#segments.at(-(partSegments + 3));
    if (stale && stale.parts.length) {
      for (const part of stale.parts) await this.#remove(part.name);
      stale.parts = [];
    }
    // Segments that left the window are the caller's (the replay keeps them in storage).
    while (this.#segments.length > windowSegments) {
      const left = this.#segments.shift()!;
      if (left.isDiscontinuity) this.#discontinuitySequence++;
      this.#left.push(left.name);
    }
  }

  /** The media playlist as it stands. */
  playlist(): string {
    const { partSegments } = this.#options;
    const listed = this.#current ? [...this.#segments, this.#current] : this.#segments;
    const first = listed[0];
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:9',
      `#EXT-X-TARGETDURATION:${this.#targetSeconds}`,
      `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=${decimals(SKIP_UNTIL_SECONDS)},PART-HOLD-BACK=${decimals(3 * PART_SECONDS)}`,
      `#EXT-X-PART-INF:PART-TARGET=${decimals(PART_SECONDS)}`,
      `#EXT-X-MEDIA-SEQUENCE:${first?.msn ?? 0}`,
      `#EXT-X-DISCONTINUITY-SEQUENCE:${this.#discontinuitySequence}`,
      '#EXT-X-INDEPENDENT-SEGMENTS',
    ];
    let init = '';
    const partsFrom = this.#segments.length - partSegments;
    listed.forEach((segment, index) => {
      if (segment.isDiscontinuity) lines.push('#EXT-X-DISCONTINUITY');
      if (segment.init !== init) {
        init = segment.init;
        lines.push(`#EXT-X-MAP:URI="${init}"`);
      }
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.startedAt).toISOString()}`);
      if (index >= partsFrom || segment === this.#current) {
        for (const part of segment.parts) {
          lines.push(
            `#EXT-X-PART:DURATION=${decimals(part.seconds)},URI="${part.name}"${part.isIndependent ? ',INDEPENDENT=YES' : ''}`,
          );
        }
      }
      if (segment !== this.#current)
        lines.push(`#EXTINF:${decimals(segment.seconds)},`, segment.name);
    });
    if (this.#hasEnded) lines.push('#EXT-X-ENDLIST');
    else {
      const next = this.#current
        ? `part-${this.#current.msn}.${this.#current.parts.length}.m4s`
        : `part-${this.#nextMsn}.0.m4s`;
      lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${next}"`);
    }
    return `${lines.join('\n')}\n`;
  }

  async #write(name: string, bytes: Buffer): Promise<void> {
    await writeFile(join(this.#options.folder, name), bytes);
    this.#written.push(name);
  }

  async #remove(name: string): Promise<void> {
    await rm(join(this.#options.folder, name), { force: true });
    this.#removed.push(name);
  }

  /** Writes the playlist (by rename: never read half-written), then tells the caller. */
  async #commit(): Promise<void> {
    const playlist = this.playlist();
    const file = join(this.#options.folder, 'index.m3u8');
    await writeFile(`${file}.tmp`, playlist);
    await rename(`${file}.tmp`, file);
    const update = {
      playlist,
      ...this.edge,
      written: this.#written,
      removed: this.#removed,
      closed: this.#closed,
      left: this.#left,
    };
    this.#written = [];
    this.#removed = [];
    this.#closed = [];
    this.#left = [];
    this.#options.onUpdate?.(update);
  }
}

/**
 * Whether a playlist whose newest part is `edge` answers a blocking reload asking for `msn` and
 * `part` (`_HLS_msn`, `_HLS_part`); without a part, for the whole segment `msn`. A part past a
 * segment's last is the next segment's first (a later segment has begun).
 */
export function isReloadReady(
  edge: { msn: number; part: number },
  msn: number,
  part?: number,
): boolean {
  if (edge.msn > msn) return true;
  return part !== undefined && edge.msn === msn && edge.part >= part;
}

/**
 * The newest part a media playlist lists (as `LlHlsPackager.edge`), read from its text: what a
 * node answering a blocking reload from storage compares (`isReloadReady`).
 */
export function playlistEdge(playlist: string): { msn: number; part: number } {
  let msn = -1;
  let next = 0;
  let parts = 0;
  let lastWholeParts = 0;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) next = Number(line.slice(22)) || 0;
    else if (line.startsWith('#EXT-X-SKIP:')) next += Number(attributeOf(line, 'SKIPPED-SEGMENTS'));
    else if (line.startsWith('#EXT-X-PART:')) parts++;
    else if (line !== '' && !line.startsWith('#')) {
      msn = next++;
      lastWholeParts = parts;
      parts = 0;
    }
  }
  if (parts > 0) return { msn: next, part: parts - 1 };
  return { msn, part: msn < 0 ? -1 : lastWholeParts - 1 };
}

function attributeOf(line: string, name: string): string {
  return new RegExp(`[:,]${name}=("?)([^",]*)\\1`).exec(line)?.[2] ?? '';
}

/**
 * A playlist delta update (`_HLS_skip=YES`): the segments older than `SKIP_UNTIL_SECONDS` from
 * the end replaced by `EXT-X-SKIP`, the init and discontinuity of the first one listed kept. A
 * player merges it with the playlist it has; a 12-minute window stays a few hundred bytes.
 */
export function deltaPlaylist(playlist: string): string {
  const lines = playlist.split('\n');
  // Header lines, then one block per whole segment (its tags and URI), then the rest (the
  // newest segment's parts, the preload hint, the end).
  const header: string[] = [];
  const blocks: { lines: string[]; seconds: number }[] = [];
  let block: string[] = [];
  let index = 0;
  for (; index < lines.length; index++) {
    const line = lines[index]!;
    if (/^#EXT-X-(DISCONTINUITY$|MAP:|PROGRAM-DATE-TIME:|PART:|GAP|BITRATE)|^#EXTINF:/.test(line))
      break;
    header.push(line);
  }
  for (; index < lines.length; index++) {
    const line = lines[index]!;
    block.push(line);
    if (line !== '' && !line.startsWith('#')) {
      const extinf = block.find((tag) => tag.startsWith('#EXTINF:'));
      blocks.push({ lines: block, seconds: extinf ? parseFloat(extinf.slice(8)) : 0 });
      block = [];
    }
  }
  let kept = 0;
  let seconds = 0;
  for (
    let i = blocks.length - 1;
    i >= 0 && seconds + blocks[i]!.seconds <= SKIP_UNTIL_SECONDS;
    i--
  ) {
    seconds += blocks[i]!.seconds;
    kept++;
  }
  const skipped = blocks.length - kept;
  if (skipped <= 0 || kept === 0) return playlist;
  let map = '';
  for (const old of blocks.slice(0, skipped))
    map = old.lines.findLast((tag) => tag.startsWith('#EXT-X-MAP:')) ?? map;
  const firstKept = blocks[skipped]!.lines.filter((tag) => !tag.startsWith('#EXT-X-DISCONTINUITY'));
  const hasMap = firstKept.some((tag) => tag.startsWith('#EXT-X-MAP:'));
  const out = [
    ...header.filter((line) => line !== ''),
    `#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped}`,
    ...(blocks[skipped]!.lines.includes('#EXT-X-DISCONTINUITY') ? ['#EXT-X-DISCONTINUITY'] : []),
    ...(hasMap || !map ? [] : [map]),
    ...firstKept,
    ...blocks.slice(skipped + 1).flatMap((kept) => kept.lines),
    ...block,
  ];
  return out.join('\n');
}
