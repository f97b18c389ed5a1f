import { dirname } from 'node:path';
import { detectFileContainer, inputArgs, UNACCEPTED_FORMAT_MESSAGE } from './container-format';
import { FfmpegError, runTool } from './ffmpeg-runner';

/** A file that is not a video we can process; the message is meant for the uploader. */
export class InvalidMediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMediaError';
  }
}

export interface VideoStreamInfo {
  codec: string;
  profile: string | null;
  pixelFormat: string;
  /** Display size: after rotation and sample aspect ratio. */
  width: number;
  height: number;
  /** Stored size, as the decoder outputs it before rotation. */
  codedWidth: number;
  codedHeight: number;
  rotation: number;
  sampleAspectRatio: number;
  frameRate: number;
  bitRate: number | null;
  isInterlaced: boolean;
}

export interface AudioStreamInfo {
  codec: string;
  profile: string | null;
  channels: number;
  sampleRate: number;
  bitRate: number | null;
  /** The stream's language tag (ISO 639-2, e.g. `eng`), when the file gives one. */
  language?: string | null;
  /** The stream's title tag, when the file gives one. */
  title?: string | null;
}

export interface MediaInfo {
  /** The demuxer of its accepted container, recognised from its bytes (`-f` for every run). */
  demuxer: string;
  formatName: string;
  durationSeconds: number;
  /** Whole-file bit rate, bits per second. */
  bitRate: number | null;
  sizeBytes: number | null;
  video: VideoStreamInfo;
  audio: AudioStreamInfo | null;
  /** Every audio stream of the file, in order (the first is `audio`); absent means `audio` only. */
  audioStreams?: AudioStreamInfo[];
}

export const MAX_DIMENSION = 8192;

export function buildProbeArgs(input: string, demuxer: string): string[] {
  return [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    ...inputArgs(input, demuxer),
  ];
}

/** Packet timestamps and flags of the first video stream over its first minute, no decoding. */
export function buildKeyframeProbeArgs(input: string, demuxer: string, seconds = 60): string[] {
  return [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-read_intervals',
    `%+${seconds}`,
    '-show_entries',
    'packet=pts_time,flags',
    '-of',
    'csv=p=0',
    ...inputArgs(input, demuxer),
  ];
}

/** The longest distance between keyframes in `pts_time,flags` lines, in seconds. */
export function parseMaxKeyframeInterval(csv: string): number | null {
  const times: number[] = [];
  for (const line of csv.split('\n')) {
    const [time, flags] = line.trim().split(',');
    if (!time || !flags?.includes('K')) continue;
    const t = Number(time);
    if (Number.isFinite(t)) times.push(t);
  }
  times.sort((a, b) => a - b);
  if (times.length < 2) return null;
  let max = 0;
  for (let i = 1; i < times.length; i++) max = Math.max(max, times[i]! - times[i - 1]!);
  return max;
}

const IMAGE_FORMATS = /(^|,)(image2|image2pipe|[a-z0-9]+_pipe|gif|apng|webp)(,|$)/;

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  bit_rate?: string;
  field_order?: string;
  channels?: number;
  sample_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string; language?: string; title?: string };
  side_data_list?: { rotation?: number }[];
}

interface ProbeJson {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string; size?: string };
}

const toNumber = (value: string | number | undefined): number | null => {
  if (value === undefined || value === '' || value === 'N/A') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

const parseRatio = (value: string | undefined): number | null => {
  if (!value) return null;
  const [num, den] = value.split(/[:/]/).map(Number);
  if (!num || !den) return null;
  return num / den;
};

/** Reads ffprobe's JSON; throws InvalidMediaError when there is nothing we can transcode. */
export function parseProbeOutput(json: string, demuxer: string): MediaInfo {
  let parsed: ProbeJson;
  try {
    parsed = JSON.parse(json) as ProbeJson;
  } catch {
    throw new InvalidMediaError('This file is not a video: it could not be read as a media file.');
  }
  const formatName = parsed.format?.format_name ?? '';
  const streams = parsed.streams ?? [];
  const videoStream = streams.find(
    (s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height,
  );
  if (!videoStream || IMAGE_FORMATS.test(formatName)) {
    throw new InvalidMediaError('This file is not a video: no video stream was found in it.');
  }
  const duration =
    toNumber(parsed.format?.duration) ?? toNumber(videoStream.duration) ?? Number.NaN;
  if (!(duration > 0)) {
    throw new InvalidMediaError('This video has no duration: the file may be damaged.');
  }
  const rotationRaw =
    videoStream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation ??
    toNumber(videoStream.tags?.rotate) ??
    0;
  const rotation = (((Math.round(rotationRaw / 90) * 90) % 360) + 360) % 360;
  const codedWidth = videoStream.width ?? 0;
  const codedHeight = videoStream.height ?? 0;
  const sar = parseRatio(videoStream.sample_aspect_ratio) ?? 1;
  const displayWidth = Math.round(codedWidth * (sar > 0 ? sar : 1));
  const isQuarterTurn = rotation === 90 || rotation === 270;
  const width = isQuarterTurn ? codedHeight : displayWidth;
  const height = isQuarterTurn ? displayWidth : codedHeight;
  if (width > MAX_DIMENSION || height > MAX_DIMENSION) {
    throw new InvalidMediaError(
      `This video is ${width}x${height}; the largest accepted size is ${MAX_DIMENSION} pixels a side.`,
    );
  }
  const audioStreams = streams
    .filter((s) => s.codec_type === 'audio')
    .map((s): AudioStreamInfo => ({
      codec: s.codec_name ?? 'unknown',
      profile: s.profile ?? null,
      channels: s.channels ?? 2,
      sampleRate: toNumber(s.sample_rate) ?? 48000,
      bitRate: toNumber(s.bit_rate),
      language: s.tags?.language && s.tags.language !== 'und' ? s.tags.language : null,
      title: s.tags?.title?.trim() || null,
    }));
  return {
    demuxer,
    formatName,
    durationSeconds: duration,
    bitRate: toNumber(parsed.format?.bit_rate),
    sizeBytes: toNumber(parsed.format?.size),
    video: {
      codec: videoStream.codec_name ?? 'unknown',
      profile: videoStream.profile ?? null,
      pixelFormat: videoStream.pix_fmt ?? 'unknown',
      width,
      height,
      codedWidth,
      codedHeight,
      rotation,
      sampleAspectRatio: sar,
      frameRate:
        parseRatio(videoStream.avg_frame_rate) ?? parseRatio(videoStream.r_frame_rate) ?? 30,
      bitRate: toNumber(videoStream.bit_rate),
      isInterlaced:
        !!videoStream.field_order && !['progressive', 'unknown'].includes(videoStream.field_order),
    },
    audio: audioStreams[0] ?? null,
    audioStreams,
  };
}

export interface ProbeOptions {
  ffprobePath?: string;
  signal?: AbortSignal;
}

/**
 * The demuxer of a file's container, recognised from its first bytes; anything else (a
 * playlist, a concat list, a picture, text) is refused before ffmpeg or ffprobe sees it.
 */
export async function requireAcceptedContainer(input: string): Promise<string> {
  const demuxer = await detectFileContainer(input);
  if (!demuxer) throw new InvalidMediaError(UNACCEPTED_FORMAT_MESSAGE);
  return demuxer;
}

/**
 * Validates a file by its content: its container from its first bytes (an allow-list), then
 * its streams with ffprobe, which reads it with that demuxer and the `file` protocol only, in
 * its folder. The input must sit in its own scratch folder. A file ffprobe cannot read is
 * refused with the same clear InvalidMediaError as one without a video stream.
 */
export async function probeMedia(input: string, options: ProbeOptions = {}): Promise<MediaInfo> {
  const demuxer = await requireAcceptedContainer(input);
  let output: string;
  try {
    output = await runTool(options.ffprobePath ?? 'ffprobe', buildProbeArgs(input, demuxer), {
      signal: options.signal,
      cwd: dirname(input),
    });
  } catch (error) {
    if (error instanceof FfmpegError && error.exitCode !== null) {
      throw new InvalidMediaError(
        'This file is not a video: it could not be read as a media file.',
      );
    }
    throw error;
  }
  return parseProbeOutput(output, demuxer);
}

/** The longest keyframe interval near the start of the video, or null if unknown. */
export async function probeKeyframeInterval(
  input: string,
  demuxer: string,
  options: ProbeOptions = {},
): Promise<number | null> {
  const csv = await runTool(
    options.ffprobePath ?? 'ffprobe',
    buildKeyframeProbeArgs(input, demuxer),
    { signal: options.signal, cwd: dirname(input) },
  );
  return parseMaxKeyframeInterval(csv);
}
