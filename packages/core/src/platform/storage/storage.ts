import type { Readable } from 'node:stream';

/** An inclusive byte range, as HTTP Range headers express it. */
export interface ByteRange {
  start: number;
  /** Last byte, inclusive; the end of the object when absent. */
  end?: number;
}

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
  contentType: string;
}

export interface ObjectStream {
  body: Readable;
  /** Size of the whole object. */
  size: number;
  /** The bytes this stream carries, inclusive. */
  start: number;
  end: number;
  contentType: string;
  lastModified: Date;
}

export interface PutOptions {
  contentType?: string;
}

/**
 * Where media objects live. Keys are slash-separated relative paths (`videos/abc/hls/master.m3u8`);
 * prefixes end with a slash. Implementations: a local directory and an S3-compatible bucket.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  putFile(key: string, filePath: string, options?: PutOptions): Promise<void>;
  putStream(key: string, body: Readable, options?: PutOptions): Promise<void>;
  putBytes(key: string, bytes: Uint8Array | string, options?: PutOptions): Promise<void>;
  /** Throws StorageNotFoundError when absent, RangeNotSatisfiableError for a bad range. */
  getStream(key: string, range?: ByteRange): Promise<ObjectStream>;
  stat(key: string): Promise<StoredObject | null>;
  /** Every object under a prefix, at any depth. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Every object in the store (a backup's media), in key order. */
  listAll(): Promise<StoredObject[]>;
  deleteObject(key: string): Promise<void>;
  /** Removes every object under a prefix; answers how many were removed. */
  deletePrefix(prefix: string): Promise<number>;
  /** Where browsers fetch media from (MEDIA_BASE_URL, or the site's /media route). */
  readonly publicBaseUrl: string;
  /** The URL a browser fetches the object from, honouring MEDIA_BASE_URL. */
  publicUrl(key: string): string;
  /** A path on this machine holding the object, when the storage is a local directory. */
  localPath?(key: string): string;
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object at ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`Range not satisfiable for an object of ${size} bytes`);
    this.name = 'RangeNotSatisfiableError';
  }
}

export class InvalidKeyError extends Error {
  constructor(key: string, why: string) {
    super(`Invalid storage key ${JSON.stringify(key)}: ${why}`);
    this.name = 'InvalidKeyError';
  }
}

const MAX_KEY_LENGTH = 1024;

/**
 * Keys come partly from user-controlled ids and URL paths, so they are checked before any
 * backend sees them: no absolute paths, no `.`/`..` segments, no backslashes or NUL bytes.
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidKeyError(key, 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidKeyError(key, 'too long');
  if (key.startsWith('/')) throw new InvalidKeyError(key, 'absolute');
  if (key.endsWith('/')) throw new InvalidKeyError(key, 'ends with a slash');
  if (/[\\\0\r\n]/.test(key)) throw new InvalidKeyError(key, 'forbidden character');
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new InvalidKeyError(key, `bad segment ${JSON.stringify(segment)}`);
    }
  }
}

/** A prefix is a key of a "folder": it ends with a slash, and is never the whole store. */
export function assertValidPrefix(prefix: string): void {
  if (typeof prefix !== 'string' || !prefix.endsWith('/')) {
    throw new InvalidKeyError(prefix, 'a prefix must end with a slash');
  }
  assertValidKey(prefix.slice(0, -1));
}

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  png: 'image/png',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json',
};

export function contentTypeForKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Cache-Control for an object. Renditions are written once under a fresh version prefix
 * (`videos/{id}/v{version}/...`, avatars as `avatars/{id}/v{version}.webp`) and never
 * rewritten, so they are immutable; sources and anything else are private.
 */
export function cacheControlForKey(key: string): string {
  if (/^videos\/[^/]+\/v[^/]+\//.test(key)) return 'public, max-age=31536000, immutable';
  // Avatars get a fresh random version in their name on every change, like renditions.
  if (/^avatars\/[^/]+\/v[^/]+\.webp$/.test(key)) return 'public, max-age=31536000, immutable';
  // A live's playlists change every second, its poster every 30 s (a current picture); its
  // segments never change once written.
  if (/^live\/[^/]+\/(.+\.m3u8|poster\.jpg)$/.test(key)) return 'no-cache';
  if (/^live\/[^/]+\//.test(key)) return 'public, max-age=3600';
  return 'private, no-store';
}

/** Joins a base URL and a key, encoding each key segment. */
export function joinPublicUrl(baseUrl: string, key: string): string {
  assertValidKey(key);
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  return `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Parses one `Range: bytes=a-b` header against an object size. Answers null for no header;
 * throws RangeNotSatisfiableError for a range outside the object. Multiple ranges are not
 * served (players never ask for them), the first one is used.
 */
export function parseRangeHeader(
  header: string | null | undefined,
  size: number,
): ByteRange | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  let start: number;
  let end: number;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) throw new RangeNotSatisfiableError(size);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  }
  if (start >= size || end < start) throw new RangeNotSatisfiableError(size);
  return { start, end };
}

/** Resolves a requested range against a size, checking it. */
export function resolveRange(
  range: ByteRange | undefined,
  size: number,
): { start: number; end: number } {
  if (!range) return { start: 0, end: Math.max(0, size - 1) };
  const end = range.end === undefined ? size - 1 : Math.min(range.end, size - 1);
  if (range.start < 0 || range.start >= size || end < range.start) {
    throw new RangeNotSatisfiableError(size);
  }
  return { start: range.start, end };
}
