import type { IncomingMessage, ServerResponse } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress as brotliCompressCallback, constants } from 'node:zlib';

const brotliCompress = promisify(brotliCompressCallback);

export const STATIC_PATH_PREFIX = '/_next/static/';
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
/** What the kept copies may weigh together; a build's scripts and styles are far less. */
const MAX_BYTES = 32 * 1024 * 1024;

/** Whether an Accept-Encoding header takes brotli (and does not refuse it with q=0). */
export function acceptsBrotli(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'br') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * The build's scripts and styles (`/_next/static/`, named by their content, so kept for good)
 * compressed once with brotli at its highest quality: about 14 % fewer bytes than the gzip
 * Next.js compresses them with on every request (docs/pages.md). Files are compressed in the
 * background, all of them after `warm()` and any other on its first request; until a file's
 * copy is ready, Next.js answers as before.
 */
export class StaticBrotli {
  readonly #dir: string;
  readonly #ready = new Map<string, Buffer>();
  readonly #pending = new Map<string, Promise<void>>();
  #bytes = 0;

  constructor(staticDir: string) {
    this.#dir = staticDir.endsWith(sep) ? staticDir : `${staticDir}${sep}`;
  }

  /** Answers the request from a compressed copy; false when Next.js should answer it. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = this.#pathOf(request.url);
    if (!path || !acceptsBrotli(request.headers['accept-encoding'])) return false;
    const bytes = this.#ready.get(path);
    if (!bytes) {
      void this.#compress(path);
      return false;
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(path)]!,
      'content-encoding': 'br',
      'content-length': bytes.byteLength,
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    });
    response.end(request.method === 'HEAD' ? undefined : bytes);
    return true;
  }

  /** Compresses every script and style of the build, one after another. */
  async warm(): Promise<void> {
    let entries: string[];
    try {
      entries = (await readdir(this.#dir, { recursive: true })) as string[];
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = entry.split(sep).join('/');
      if (TYPES[extname(path)]) await this.#compress(path);
    }
  }

  /** The file a request names under the static folder, or null (not static, not ours). */
  #pathOf(url: string | undefined): string | null {
    if (!url?.startsWith(STATIC_PATH_PREFIX)) return null;
    const path = url.slice(STATIC_PATH_PREFIX.length).split(/[?#]/)[0]!;
    if (!/^[\w.~-]+(\/[\w.~-]+)*$/.test(path) || path.split('/').some((s) => /^\.+$/.test(s))) {
      return null;
    }
    if (!TYPES[extname(path)]) return null;
    const file = join(this.#dir, path);
    return relative(this.#dir, file).startsWith('..') ? null : path;
  }

  #compress(path: string): Promise<void> {
    if (this.#ready.has(path)) return Promise.resolve();
    let pending = this.#pending.get(path);
    if (!pending) {
      pending = this.#load(path).finally(() => this.#pending.delete(path));
      this.#pending.set(path, pending);
    }
    return pending;
  }

  async #load(path: string): Promise<void> {
    try {
      const source = await readFile(join(this.#dir, path));
      const compressed = await brotliCompress(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
        },
      });
      if (this.#bytes + compressed.byteLength <= MAX_BYTES) {
        this.#ready.set(path, compressed);
        this.#bytes += compressed.byteLength;
      }
    } catch {
      // A file that is not there (a request for an old build's chunk): Next.js answers 404.
    }
  }
}
