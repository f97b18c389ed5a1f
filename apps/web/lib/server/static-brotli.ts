import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, extname, join, relative, sep } from 'node:path';
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

/** Brotli at its highest quality: about 5 s of processor time for a build's 3.8 MB. */
function compress(source: Buffer): Promise<Buffer> {
  return brotliCompress(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
    },
  });
}

/** The scripts and styles under a static folder, as paths relative to it with `/`. */
async function listStatics(dir: string): Promise<string[]> {
  const entries = (await readdir(dir, { recursive: true })) as string[];
  return entries.map((entry) => entry.split(sep).join('/')).filter((path) => TYPES[extname(path)]);
}

/**
 * Compresses a build's scripts and styles into `brotliDir` (each `<path>.br`), all cores at
 * once: run by the build (compress-static.ts), so that a server reads them at start instead
 * of compressing them again (every start of every node, and a test run starts a dozen).
 */
export async function compressStatics(staticDir: string, brotliDir: string): Promise<number> {
  const queue = await listStatics(staticDir);
  const total = queue.length;
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const target = join(brotliDir, `${path}.br`);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(`${target}.part`, await compress(await readFile(join(staticDir, path))));
      await rename(`${target}.part`, target);
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  return total;
}

/**
 * The build's scripts and styles (`/_next/static/`, named by their content, so kept for good)
 * compressed once with brotli at its highest quality: about 14 % fewer bytes than the gzip
 * Next.js compresses them with on every request (docs/pages.md). The build writes the copies
 * (`compressStatics`); `warm()` reads them at start, and compresses in the background any the
 * build did not write (a build made before they were). Until a file's copy is ready, Next.js
 * answers as before.
 */
export class StaticBrotli {
  readonly #dir: string;
  readonly #brotliDir: string | null;
  readonly #ready = new Map<string, Buffer>();
  readonly #pending = new Map<string, Promise<void>>();
  #bytes = 0;

  /** `brotliDir`: where the build wrote the compressed copies (`compressStatics`). */
  constructor(staticDir: string, brotliDir: string | null = null) {
    this.#dir = staticDir.endsWith(sep) ? staticDir : `${staticDir}${sep}`;
    this.#brotliDir = brotliDir;
  }

  /** Answers the request from a compressed copy; false when Next.js should answer it. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = this.#pathOf(request.url);
    if (!path || !acceptsBrotli(request.headers['accept-encoding'])) return false;
    const bytes = this.#ready.get(path);
    if (!bytes) {
      void this.#prepare(path);
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

  /** Loads every script and style of the build, one after another. */
  async warm(): Promise<void> {
    let paths: string[];
    try {
      paths = await listStatics(this.#dir);
    } catch {
      return;
    }
    for (const path of paths) await this.#prepare(path);
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

  #prepare(path: string): Promise<void> {
    if (this.#ready.has(path)) return Promise.resolve();
    let pending = this.#pending.get(path);
    if (!pending) {
      pending = this.#load(path).finally(() => this.#pending.delete(path));
      this.#pending.set(path, pending);
    }
    return pending;
  }

  /** The build's copy of a file, or null when it wrote none. */
  async #builtCopy(path: string): Promise<Buffer | null> {
    if (this.#brotliDir === null) return null;
    try {
      return await readFile(join(this.#brotliDir, `${path}.br`));
    } catch {
      return null;
    }
  }

  async #load(path: string): Promise<void> {
    try {
      const compressed =
        (await this.#builtCopy(path)) ?? (await compress(await readFile(join(this.#dir, path))));
      if (this.#bytes + compressed.byteLength <= MAX_BYTES) {
        this.#ready.set(path, compressed);
        this.#bytes += compressed.byteLength;
      }
    } catch {
      // A file that is not there (a request for an old build's chunk): Next.js answers 404.
    }
  }
}
