import { open } from 'node:fs/promises';

// ffmpeg picks a demuxer by probing, and several demuxers read other files: an HLS playlist
// names segments (any path or URL), an ffconcat list names files, the image2 demuxer expands
// `%d` patterns. An uploaded file is therefore never probed by ffmpeg's guess: its container
// is recognised from its first bytes against the formats below, and every ffmpeg and ffprobe
// run names that demuxer (`-f`) and allows only the `file` protocol. None of these demuxers
// opens a second file (the mov demuxer's external tracks stay off, its default).

/** The only protocol ffmpeg and ffprobe may open inputs with. */
export const PROTOCOL_WHITELIST = 'file';

export interface AcceptedContainer {
  /** What uploaders know it as. */
  label: string;
  /** ffmpeg's demuxer for it, passed as `-f`. */
  demuxer: string;
}

export const ACCEPTED_CONTAINERS: readonly AcceptedContainer[] = [
  { label: 'MP4, MOV, M4V, 3GP', demuxer: 'mov' },
  { label: 'MKV, WebM', demuxer: 'matroska' },
  { label: 'AVI', demuxer: 'avi' },
  { label: 'WMV', demuxer: 'asf' },
  { label: 'FLV', demuxer: 'flv' },
  { label: 'MPEG-TS', demuxer: 'mpegts' },
  { label: 'MPEG-PS', demuxer: 'mpeg' },
  { label: 'Ogg', demuxer: 'ogg' },
];

export const UNACCEPTED_FORMAT_MESSAGE = `This file is not a video: it is not in a video format we accept (${ACCEPTED_CONTAINERS.map((c) => c.label).join(', ')}).`;

/** Bytes read from the start of a file to recognise its container. */
export const HEAD_BYTES = 1024;

const ASF_GUID = [
  0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c,
];
/** QuickTime files older than `ftyp` start with one of these atoms. */
const QUICKTIME_ATOMS = ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];
const TS_PACKET = 188;
const M2TS_PACKET = 192;

/**
 * The demuxer of an accepted container recognised from a file's first bytes (at least the
 * first 600 for MPEG-TS), or null: a playlist, a concat list, a picture, text or anything else.
 */
export function detectContainer(head: Uint8Array): string | null {
  const at = (offset: number, bytes: readonly number[]) =>
    head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);
  const ascii = (offset: number, text: string) =>
    at(
      offset,
      [...text].map((c) => c.charCodeAt(0)),
    );

  if (ascii(4, 'ftyp')) return 'mov';
  // An atom size is big-endian; a legacy QuickTime file's first atom is far below 16 MiB or
  // uses the 64-bit form (size 1), so its first byte is small, unlike text.
  if (head.length >= 8 && head[0]! < 0x08 && QUICKTIME_ATOMS.some((atom) => ascii(4, atom))) {
    return 'mov';
  }
  if (at(0, [0x1a, 0x45, 0xdf, 0xa3])) return 'matroska';
  if (ascii(0, 'RIFF') && ascii(8, 'AVI ')) return 'avi';
  if (at(0, ASF_GUID)) return 'asf';
  if (ascii(0, 'FLV') && head[3] === 0x01) return 'flv';
  if (ascii(0, 'OggS')) return 'ogg';
  if (at(0, [0x00, 0x00, 0x01, 0xba])) return 'mpeg';
  const syncs = (first: number, size: number) =>
    [0, 1, 2].every((packet) => head[first + packet * size] === 0x47);
  if (syncs(0, TS_PACKET) || syncs(4, M2TS_PACKET)) return 'mpegts';
  return null;
}

/** The first bytes of a file. */
export async function readHead(path: string, length = HEAD_BYTES): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** The demuxer for a file, from its bytes; null when it is not an accepted container. */
export async function detectFileContainer(path: string): Promise<string | null> {
  return detectContainer(await readHead(path));
}

/**
 * The arguments that open one input, for ffmpeg and ffprobe alike: only the `file` protocol,
 * the named demuxer (never a guess), then the path.
 */
export function inputArgs(path: string, demuxer: string): string[] {
  return ['-protocol_whitelist', PROTOCOL_WHITELIST, '-f', demuxer, '-i', path];
}
