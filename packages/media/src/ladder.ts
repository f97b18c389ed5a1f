import { inputArgs } from './container-format';
import type { AudioStreamInfo, MediaInfo } from './probe';

/** Standard rendition heights of the HLS ladder, lowest first. */
export const LADDER_HEIGHTS = [240, 360, 480, 720, 1080, 1440, 2160] as const;

/**
 * Per quality: the capped-CRF encode's peak rate, and the highest source rate we serve as-is
 * when remuxing the top rung (about 1.5x the upload rates big platforms recommend; above that
 * the top rung is re-encoded to stay streamable). kbit/s, for 30 fps; higher frame rates get 1.5x.
 */
export const RUNG_RATES: Record<number, { maxKbps: number; remuxMaxKbps: number }> = {
  240: { maxKbps: 600, remuxMaxKbps: 1000 },
  360: { maxKbps: 1200, remuxMaxKbps: 1500 },
  480: { maxKbps: 2100, remuxMaxKbps: 2500 },
  720: { maxKbps: 4200, remuxMaxKbps: 7500 },
  1080: { maxKbps: 7500, remuxMaxKbps: 12000 },
  1440: { maxKbps: 13500, remuxMaxKbps: 24000 },
  2160: { maxKbps: 24000, remuxMaxKbps: 50000 },
};

export const AUDIO_KBPS = 128;
export const SEGMENT_SECONDS = 4;
export const CRF = 23;

export interface Rung {
  /** Quality label: the short side, e.g. 720 for 1280x720 and for 720x1280. */
  quality: number;
  width: number;
  height: number;
  /** Peak video rate when encoding (kbit/s). */
  maxKbps: number;
  /** Served as the source's own stream, without encoding. */
  isRemux: boolean;
  /** Folder name under hls/, e.g. `720p`. */
  name: string;
}

export interface SpritePlan {
  intervalSeconds: number;
  tileWidth: number;
  tileHeight: number;
  columns: number;
  rows: number;
  count: number;
}

export interface Av1Plan {
  width: number;
  height: number;
  crf: number;
  preset: number;
}

/** One audio stream of the upload, written as an alternate audio rendition of its own. */
export interface AudioTrackPlan {
  /** Index among the source's audio streams (`0:a:N`). */
  streamIndex: number;
  /** Folder under hls/: `audio` for the first, `audio-2`, `audio-3`... for the others. */
  name: string;
  mode: 'copy' | 'encode';
  /** ISO 639-2 language of the stream (`eng`), null when the file does not say. */
  language: string | null;
  /** The stream's title in the file, null when it has none. */
  title: string | null;
  /** Channels written: the source's when copied, 2 when encoded. */
  channels: number;
  /** AAC profile written: the source's when copied, LC when encoded. */
  profile: string | null;
}

/** Audio streams kept at most (a film with many dubs keeps the first ones). */
export const MAX_AUDIO_TRACKS = 8;

export interface LadderPlan {
  /** The source's demuxer (its accepted container), named for the ffmpeg run. */
  inputFormat: string;
  /** Highest first. */
  rungs: Rung[];
  /** The first audio stream's treatment ('none' without audio). */
  audio: 'copy' | 'encode' | 'none';
  /** Every audio stream kept, the first (the default) first; empty without audio. */
  audioTracks: AudioTrackPlan[];
  segmentSeconds: number;
  gopFrames: number;
  frameRate: number;
  x264Preset: string;
  sprites: SpritePlan | null;
  av1: Av1Plan | null;
  durationSeconds: number;
}

export interface PlanOptions {
  /** Longest keyframe interval of the source, if known: a remuxed rung segments on keyframes. */
  maxKeyframeIntervalSeconds?: number | null;
  isRemuxAllowed?: boolean;
  withSprites?: boolean;
  withAv1?: boolean;
  x264Preset?: string;
  segmentSeconds?: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** Size of a rung of a given quality (short side), keeping the display aspect ratio. */
export function rungSize(info: MediaInfo, quality: number): { width: number; height: number } {
  const { width, height } = info.video;
  if (width >= height) return { width: even((quality * width) / height), height: quality };
  return { width: quality, height: even((quality * height) / width) };
}

function ratesFor(quality: number) {
  const standard = LADDER_HEIGHTS.find((h) => h >= quality) ?? 2160;
  return RUNG_RATES[standard]!;
}

/**
 * Picks the renditions for a source: every standard quality up to the source's short side
 * (never upscaling), plus the source's own size on top when it sits well above the highest
 * standard one; the top rung is the source stream itself when it is already fit to serve.
 */
export function planLadder(info: MediaInfo, options: PlanOptions = {}): LadderPlan {
  const segmentSeconds = options.segmentSeconds ?? SEGMENT_SECONDS;
  const shortSide = Math.min(info.video.width, info.video.height);
  const qualities: number[] = LADDER_HEIGHTS.filter((h) => h <= shortSide);
  const highest = qualities.at(-1);
  if (highest === undefined || shortSide > highest * 1.1) qualities.push(even(shortSide));
  const fpsFactor = info.video.frameRate > 31 ? 1.5 : 1;
  const frameRate = Math.min(info.video.frameRate || 30, 60);

  const rungs: Rung[] = qualities
    .map((quality) => ({
      quality,
      ...rungSize(info, quality),
      maxKbps: Math.round(ratesFor(quality).maxKbps * fpsFactor),
      isRemux: false,
      name: `${quality}p`,
    }))
    .reverse();

  const top = rungs[0]!;
  if (options.isRemuxAllowed !== false && canRemuxTop(info, top, options, segmentSeconds)) {
    top.isRemux = true;
  }

  const streams = (info.audioStreams ?? (info.audio ? [info.audio] : [])).slice(
    0,
    MAX_AUDIO_TRACKS,
  );
  const audioTracks = streams.map((stream, index): AudioTrackPlan => {
    const mode = isAudioServable(stream) ? 'copy' : 'encode';
    return {
      streamIndex: index,
      name: index === 0 ? 'audio' : `audio-${index + 1}`,
      mode,
      language: stream.language ?? null,
      title: stream.title ?? null,
      channels: mode === 'copy' ? stream.channels : 2,
      profile: mode === 'copy' ? stream.profile : 'LC',
    };
  });
  return {
    inputFormat: info.demuxer,
    rungs,
    audio: audioTracks[0]?.mode ?? 'none',
    audioTracks,
    segmentSeconds,
    gopFrames: Math.max(1, Math.round(frameRate * segmentSeconds)),
    frameRate,
    x264Preset: options.x264Preset ?? 'veryfast',
    sprites: options.withSprites === false ? null : planSprites(info),
    av1: options.withAv1 ? planAv1(info) : null,
    durationSeconds: info.durationSeconds,
  };
}

function canRemuxTop(
  info: MediaInfo,
  top: Rung,
  options: PlanOptions,
  segmentSeconds: number,
): boolean {
  const v = info.video;
  if (v.codec !== 'h264' || v.pixelFormat !== 'yuv420p') return false;
  if (v.profile && !['Baseline', 'Constrained Baseline', 'Main', 'High'].includes(v.profile)) {
    return false;
  }
  // Segments carry no rotation or aspect metadata, and must match the size we announce.
  if (v.rotation !== 0 || Math.abs(v.sampleAspectRatio - 1) > 0.001 || v.isInterlaced) return false;
  if (v.codedWidth !== top.width || v.codedHeight !== top.height) return false;
  if (v.frameRate > 61) return false;
  const rate = v.bitRate ?? info.bitRate;
  const remuxMaxKbps = ratesFor(top.quality).remuxMaxKbps * (v.frameRate > 31 ? 1.5 : 1);
  if (rate === null || rate / 1000 > remuxMaxKbps) return false;
  // A copied stream can only be cut at its own keyframes; far-apart ones make huge segments.
  const gop = options.maxKeyframeIntervalSeconds;
  if (gop === undefined) return false;
  if (gop === null) return info.durationSeconds <= 2 * segmentSeconds;
  return gop <= 1.5 * segmentSeconds;
}

function isAudioServable(a: AudioStreamInfo): boolean {
  if (a.codec !== 'aac') return false;
  if (a.profile && a.profile !== 'LC') return false;
  return a.channels <= 2 && (a.bitRate ?? 0) <= 192_000 && [44100, 48000].includes(a.sampleRate);
}

/** Timeline thumbnails: about 100 over the video, at most one a second, in 10x10 sheets. */
export function planSprites(info: MediaInfo): SpritePlan {
  const d = info.durationSeconds;
  const intervalSeconds = d <= 120 ? 1 : d <= 600 ? 5 : d <= 1800 ? 10 : 20;
  const { width, height } = info.video;
  const tileWidth = width >= height ? 160 : even((90 * width) / height);
  const tileHeight = width >= height ? even((160 * height) / width) : 90;
  return {
    intervalSeconds,
    tileWidth,
    tileHeight,
    columns: 10,
    rows: 10,
    count: Math.max(1, Math.ceil(d / intervalSeconds)),
  };
}

function planAv1(info: MediaInfo): Av1Plan {
  const quality = Math.min(1080, Math.min(info.video.width, info.video.height));
  return { ...rungSize(info, quality), crf: 35, preset: 10 };
}

export interface LadderOutputs {
  /** Directory receiving `hls/`, `sprites/` and `av1/`. */
  outputDir: string;
  /** Rungs already written (the first rendition): left out of this run. */
  skipRungs?: readonly string[];
  /** The audio rendition is already written: left out of this run. */
  skipAudio?: boolean;
}

/** Highest quality of the fast first rendition when the top rung cannot be copied. */
export const FIRST_RENDITION_MAX_QUALITY = 480;

/**
 * The rendition written before the rest of the ladder, so the video plays seconds after its
 * upload (docs/decisions/0025): the top rung when it is the source's own stream (a copy, well
 * under a second), else the highest rung up to 480p (a small encode).
 */
export function firstRendition(plan: LadderPlan): Rung {
  const top = plan.rungs[0]!;
  if (top.isRemux) return top;
  return (
    plan.rungs.find((rung) => rung.quality <= FIRST_RENDITION_MAX_QUALITY) ?? plan.rungs.at(-1)!
  );
}

/**
 * The first rendition's run: that one rung (copied or encoded) and the audio rendition, the
 * source read once, confined like every other run.
 */
export function buildFirstRenditionArgs(
  plan: LadderPlan,
  rung: Rung,
  input: string,
  outputDir: string,
): string[] {
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats'];
  args.push('-progress', 'pipe:1', ...inputArgs(input, plan.inputFormat));
  args.push('-map', '0:v:0');
  if (rung.isRemux) args.push('-c:v', 'copy');
  else {
    args.push('-vf', `scale=${rung.width}:${rung.height},setsar=1,format=yuv420p`);
    args.push(...x264Args(plan, rung.maxKbps));
  }
  args.push('-an', ...hlsOutputArgs(plan, `${outputDir}/hls/${rung.name}`));
  args.push(...audioTrackArgs(plan, outputDir));
  return args;
}

/** Each audio stream kept, as an HLS rendition of its own (hls/audio, hls/audio-2, ...). */
function audioTrackArgs(plan: LadderPlan, outputDir: string): string[] {
  const args: string[] = [];
  for (const track of plan.audioTracks) {
    args.push('-map', `0:a:${track.streamIndex}`, '-vn');
    args.push(...(track.mode === 'copy' ? ['-c:a', 'copy'] : audioEncodeArgs()));
    args.push(...hlsOutputArgs(plan, `${outputDir}/hls/${track.name}`));
  }
  return args;
}

function hlsOutputArgs(plan: LadderPlan, dir: string): string[] {
  return [
    '-f',
    'hls',
    '-hls_time',
    String(plan.segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    // Fragmented MP4 behind one init segment (EXT-X-MAP): the player's own engine appends
    // these to MSE as they are (docs/decisions/0041).
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-hls_segment_filename',
    `${dir}/seg-%05d.m4s`,
    `${dir}/index.m3u8`,
  ];
}

export function x264Args(plan: LadderPlan, maxKbps: number): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    plan.x264Preset,
    '-profile:v',
    'high',
    '-crf',
    String(CRF),
    '-maxrate',
    `${maxKbps}k`,
    '-bufsize',
    `${maxKbps * 2}k`,
    '-pix_fmt',
    'yuv420p',
    // Fixed GOPs, no scene-cut keyframes: every rung cuts segments at the same instants.
    '-g',
    String(plan.gopFrames),
    '-keyint_min',
    String(plan.gopFrames),
    '-sc_threshold',
    '0',
  ];
}

export function audioEncodeArgs(): string[] {
  return ['-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2'];
}

/**
 * The single ffmpeg run: decode once, scale in a cascade (each rung from the one above, which
 * is cheaper than every rung from the full-size frame), encode each rung, write the audio once
 * as its own HLS rendition shared by every video rung, copy the top rung when it can be served
 * as is, and tap the same decoded frames for the preview sprites and the optional AV1 output.
 */
export function buildLadderArgs(plan: LadderPlan, input: string, outputs: LadderOutputs): string[] {
  const out = outputs.outputDir;
  const skip = new Set(outputs.skipRungs ?? []);
  const encoded = plan.rungs.filter((r) => !r.isRemux && !skip.has(r.name));
  const top = plan.rungs[0]!;
  const copiesTop = top.isRemux && !skip.has(top.name);
  const withAudio = plan.audio !== 'none' && !outputs.skipAudio;

  // Levels of the scaling cascade, largest first; level 0 is the decoded source size.
  interface Level {
    width: number;
    height: number;
    consumers: string[];
  }
  const sourceLevel: Level = { width: top.width, height: top.height, consumers: [] };
  const levels: Level[] = [sourceLevel];
  const levelFor = (width: number, height: number): Level => {
    const found = levels.find((l) => l.width === width && l.height === height);
    if (found) return found;
    const level = { width, height, consumers: [] };
    levels.push(level);
    return level;
  };
  for (const rung of encoded) levelFor(rung.width, rung.height).consumers.push(`v${rung.name}`);
  if (plan.av1) {
    // The AV1 output branches from a ladder level of its size, or from the source's frames.
    const match = levels.find((l) => l.width === plan.av1!.width && l.height === plan.av1!.height);
    (match ?? sourceLevel).consumers.push('vav1');
  }
  if (plan.sprites) levels.at(-1)!.consumers.push('vsprites');
  levels.sort((a, b) => b.width * b.height - a.width * a.height);
  while (levels.length > 1 && levels[0]!.consumers.length === 0) levels.shift();

  const filters: string[] = [];
  levels.forEach((level, i) => {
    const input = i === 0 ? '[0:v]' : `[c${i}]`;
    // Scaling to the size the frame already has is a pass-through in ffmpeg; level 0 also fixes
    // the pixel format (10-bit or 4:2:2 sources) once for every rung below it.
    const ops = `scale=${level.width}:${level.height},setsar=1${i === 0 ? ',format=yuv420p' : ''}`;
    const sinks = [...level.consumers, ...(i < levels.length - 1 ? [`c${i + 1}`] : [])];
    if (sinks.length === 0) return;
    const labels = sinks.map((s) => `[${s}]`).join('');
    filters.push(
      sinks.length === 1
        ? `${input}${ops}${labels}`
        : `${input}${ops},split=${sinks.length}${labels}`,
    );
  });
  const sprites = plan.sprites;
  if (sprites) {
    // Single thumbnails here, tiled into sheets afterwards (buildSpriteSheetArgs): a tiled
    // output would write nothing until its first sheet fills, and ffmpeg reports no progress
    // at all until every output has started.
    filters.push(
      `[vsprites]fps=1/${sprites.intervalSeconds},scale=${sprites.tileWidth}:${sprites.tileHeight}[sprites]`,
    );
  }

  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats'];
  args.push('-progress', 'pipe:1', ...inputArgs(input, plan.inputFormat));
  if (filters.length > 0) args.push('-filter_complex', filters.join(';'));
  if (copiesTop) {
    args.push(
      '-map',
      '0:v:0',
      '-c:v',
      'copy',
      '-an',
      ...hlsOutputArgs(plan, `${out}/hls/${top.name}`),
    );
  }
  for (const rung of encoded) {
    args.push('-map', `[v${rung.name}]`, ...x264Args(plan, rung.maxKbps), '-an');
    args.push(...hlsOutputArgs(plan, `${out}/hls/${rung.name}`));
  }
  if (withAudio) args.push(...audioTrackArgs(plan, out));
  if (sprites) {
    args.push('-map', '[sprites]', '-an', '-c:v', 'mjpeg', '-q:v', '4', '-fps_mode', 'passthrough');
    args.push('-f', 'image2', '-start_number', '0', `${out}/${THUMBS_DIR}/thumb-%05d.jpg`);
  }
  if (plan.av1) {
    args.push('-map', '[vav1]', '-c:v', 'libsvtav1', '-preset', String(plan.av1.preset));
    args.push('-crf', String(plan.av1.crf), '-g', String(plan.gopFrames), '-pix_fmt', 'yuv420p');
    if (plan.audio !== 'none') args.push('-map', '0:a:0', ...audioEncodeArgs());
    args.push('-movflags', '+faststart', `${out}/av1/av1.mp4`);
  }
  return args;
}

/**
 * One rendition by one plain ffmpeg command, audio muxed in, as most platforms run their
 * ladders: each command decodes the whole source again. Used by the benchmark as the baseline.
 */
export function buildSingleRenditionArgs(
  plan: LadderPlan,
  rung: Rung,
  input: string,
  outputDir: string,
): string[] {
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats'];
  args.push(...inputArgs(input, plan.inputFormat));
  args.push('-vf', `scale=${rung.width}:${rung.height},setsar=1`, ...x264Args(plan, rung.maxKbps));
  if (plan.audio !== 'none') args.push(...audioEncodeArgs());
  args.push(...hlsOutputArgs(plan, `${outputDir}/${rung.name}`));
  return args;
}

export const THUMBS_DIR = 'sprites-work';

/** Tiles the ladder run's thumbnails into sprite sheets (`sprites/sprite-0.jpg`, ...). */
export function buildSpriteSheetArgs(plan: LadderPlan, outputDir: string): string[] {
  const sprites = plan.sprites!;
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-framerate',
    '1',
    '-start_number',
    '0',
    // The ladder run's own numbered thumbnails: the one input read as a pattern.
    ...inputArgs(`${outputDir}/${THUMBS_DIR}/thumb-%05d.jpg`, 'image2'),
    '-vf',
    `tile=${sprites.columns}x${sprites.rows}`,
    '-q:v',
    '4',
    '-fps_mode',
    'passthrough',
    '-start_number',
    '0',
    `${outputDir}/sprites/sprite-%d.jpg`,
  ];
}

/** Sub-folders ffmpeg expects to exist before the ladder run. */
export function ladderDirectories(plan: LadderPlan): string[] {
  const dirs = plan.rungs.map((r) => `hls/${r.name}`);
  for (const track of plan.audioTracks) dirs.push(`hls/${track.name}`);
  if (plan.sprites) dirs.push('sprites', THUMBS_DIR);
  if (plan.av1) dirs.push('av1');
  return dirs;
}
