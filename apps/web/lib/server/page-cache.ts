import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http';
import { hasSessionCookie } from '@cutroom/core/features/accounts/auth/session-cookie';
import type { Logger } from '@cutroom/core/platform/logging/logger';

/**
 * Pages every visitor sees alike: listings, search, videos, public playlists and profiles, and
 * the text pages. Not /random (a different video each time), nor anyone's own pages.
 */
const PUBLIC_PAGE =
  /^\/(?:|browse|popular|trending|discover|archive|search|ranks|faq|contact|2257|csam|dmca|policy|privacy)$|^\/(?:archive|category|tags|music|star|creator|search|video|playlist)\/.|^\/profile\/(?!settings$)[^/]+$/;

/**
 * Pages a signed-in member is served alike to everyone too (docs/decisions/0024): those whose
 * visitor's render holds nothing the member would see otherwise, their own parts (account
 * menu, vote, favorite, subscribe state, owner's panel) being filled in by the page after it
 * loads. Not discover (what the member has not watched), profiles, playlists (private ones),
 * the embed page, nor any page asking for subscriptions only.
 */
const MEMBER_SHARED_PAGE =
  /^\/(?:|browse|popular|trending|archive|search|ranks|faq|contact|2257|csam|dmca|policy|privacy)$|^\/(?:archive|category|tags|music|star|creator|search)\/.|^\/video\/(?!embed\/)[^/]+$/;

/** Longer URLs are rendered, not stored: nobody shares them, and keys stay small. */
const MAX_URL_LENGTH = 2048;

/**
 * What Next.js varies its pages on (and Accept-Encoding, since it compresses): the key of a URL
 * not seen yet. Once a page of the URL is stored, its own Vary header is used.
 */
const DEFAULT_VARY = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
  'accept-encoding',
];

/**
 * The embed page answers by where it is framed (its Referer and Sec-Fetch-Dest: the sites a
 * video may be embedded on, docs/videos.md): it is kept apart for each. (`url` is host and path.)
 */
const EMBED_PAGE_URL = /^[^/]*\/video\/embed\//;
const EMBED_VARY = ['referer', 'sec-fetch-dest'];

/** What a page of `url` varies on: its own Vary, and what the page reads beyond it. */
export function pageVary(url: string, vary: string[]): string[] {
  return EMBED_PAGE_URL.test(url) ? [...new Set([...vary, ...EMBED_VARY])] : vary;
}

/** The headers of Next.js's client navigations, which ask for a page's payload (RSC). */
export const NAVIGATION_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
];

/**
 * The page (path and query) a client navigation's payload request stands for, without the
 * `_rsc` cache-buster; null for a request of the page itself.
 */
export function navigationPagePath(request: IncomingMessage): string | null {
  if (request.headers.rsc === undefined || !request.url) return null;
  const url = new URL(request.url, 'http://page.invalid');
  url.searchParams.delete('_rsc');
  return `${url.pathname}${url.search}`;
}

/** Headers that belong to one answer: never stored, never replayed. */
const PER_REQUEST_HEADERS = new Set([
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'x-cache',
]);

const CACHEABLE_TYPE = /^text\/(?:html|x-component)\b/i;

export interface PageCacheOptions {
  /** How long a page is served from memory; 0 turns the cache off. */
  ttlSeconds: number;
  /** The listings generation: `invalidateListings()` changes it, and every page with it. */
  currentGeneration: () => Promise<string>;
  maxEntries?: number;
  /** Bytes of pages kept in all (least recently used dropped first). */
  maxBytes?: number;
  /** A larger page is sent but not kept. */
  maxPageBytes?: number;
  /** Requests waiting for another's render of the same page render themselves after this. */
  lockTimeoutMs?: number;
  now?: () => number;
  log?: Pick<Logger, 'debug'>;
}

interface CachedPage {
  status: number;
  headers: [name: string, value: string | string[]][];
  body: Buffer;
  /** Request headers (lower-case) the page varies on. */
  vary: string[];
  expires: number;
  size: number;
}

interface CapturedResponse {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** Whether a path is one of the public pages every visitor sees alike. */
export function isPublicPagePath(path: string): boolean {
  return PUBLIC_PAGE.test(path);
}

/**
 * A visitor's GET or HEAD of a public page: no session cookie (plain or `__Secure-`), no
 * Authorization header. Anything else goes straight to Next.js.
 */
export function isVisitorPageRequest(request: IncomingMessage): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url;
  if (!url || url.length > MAX_URL_LENGTH) return false;
  if (request.headers.authorization !== undefined) return false;
  if (hasSessionCookie(request.headers.cookie)) return false;
  const query = url.indexOf('?');
  return isPublicPagePath(query === -1 ? url : url.slice(0, query));
}

/**
 * A signed-in member's GET or HEAD of a page served alike to everyone: a session cookie, no
 * Authorization header (an API client's), a shared page, no `subscriptions` filter.
 */
export function isMemberSharedRequest(request: IncomingMessage): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url;
  if (!url || url.length > MAX_URL_LENGTH) return false;
  if (request.headers.authorization !== undefined) return false;
  if (!hasSessionCookie(request.headers.cookie)) return false;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!MEMBER_SHARED_PAGE.test(path)) return false;
  return query === -1 || !new URLSearchParams(url.slice(query + 1)).has('subscriptions');
}

/** The request header names of a Vary header, lower-case; null for `*` (never the same). */
export function parseVary(value: number | string | string[] | undefined): string[] | null {
  if (value === undefined) return [];
  const names = (Array.isArray(value) ? value.join(',') : String(value))
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return names.includes('*') ? null : [...new Set(names)];
}

function cacheKey(generation: string, url: string, vary: string[], headers: IncomingHttpHeaders) {
  let key = `${generation}\n${url}`;
  for (const name of vary) {
    const value = headers[name];
    key += `\n${name}: ${Array.isArray(value) ? value.join(', ') : (value ?? '')}`;
  }
  return key;
}

/**
 * A micro-cache of the rendered pages visitors see, in front of Next.js in this process, as
 * nginx or Varnish would keep in front of a dynamic site. Pages are stored for a short
 * lifetime under the listings generation, so publishing or changing a video shows at once;
 * concurrent misses of one page wait for one render. Only complete 200 HTML or RSC answers
 * without Set-Cookie are kept; the browser gets Next's own Cache-Control (no-store).
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  /** The Vary names last stored for each URL. */
  private readonly varyByUrl = new Map<string, string[]>();
  private readonly rendering = new Map<string, Promise<CachedPage | null>>();
  /** Requests whose render is being captured, and whether it reported a failure. */
  private readonly capturing = new Map<string, { failed: boolean }>();
  /** The keys of the pages the last requests stored, for a failure reported after the end. */
  private readonly storedBy = new Map<string, { key: string; page: CachedPage }>();
  private generation: string | null = null;
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly maxPageBytes: number;
  private readonly lockTimeoutMs: number;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.maxPageBytes = options.maxPageBytes ?? 4 * 1024 * 1024;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 5000;
    this.now = options.now ?? Date.now;
  }

  /** Whether this request is answered through the cache. */
  accepts(request: IncomingMessage): boolean {
    return this.options.ttlSeconds > 0 && isVisitorPageRequest(request);
  }

  /** Whether this signed-in member's request is answered with the shared page. */
  acceptsMember(request: IncomingMessage): boolean {
    return this.options.ttlSeconds > 0 && isMemberSharedRequest(request);
  }

  /** Pages kept, and their bytes. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** A render of this request failed (Next.js reported it): its page is not kept. */
  discard(requestId: string): void {
    const capture = this.capturing.get(requestId);
    if (capture) capture.failed = true;
    const stored = this.storedBy.get(requestId);
    if (stored && this.entries.get(stored.key) === stored.page) {
      this.remove(stored.key, stored.page);
    }
  }

  /**
   * Answers a member (`acceptsMember`) with the page visitors get: kept, being rendered, or
   * fetched as a visitor's (`fetchAsVisitor`, a request to this server without cookies, which
   * the visitor's path keeps). Only when no such page is kept (not a 200 for visitors: the
   * owner's unpublished video, say) is it rendered for the member by `render`, and that page
   * is never kept. The member's own parts come from the page's call afterwards.
   *
   * Next.js answers a client navigation's payload with 200 even when the page is a refusal (a
   * visitor's 401 for the owner's processing video), so a navigation is served the visitors'
   * payload only when visitors get the page itself with a 200 (`fetchAsVisitor(path)` asks
   * for the page itself).
   */
  async serveMember(
    request: IncomingMessage,
    response: ServerResponse,
    fetchAsVisitor: (pagePath?: string) => Promise<unknown>,
    render: () => Promise<unknown>,
    extraHeaders: Record<string, string> = {},
  ): Promise<void> {
    let generation: string;
    try {
      generation = await this.syncGeneration();
    } catch {
      await render();
      return;
    }
    const url = `${request.headers.host ?? ''}${request.url}`;
    const requestId = String(response.getHeader('x-request-id') ?? '');
    const sendShared = (page: CachedPage) => {
      this.options.log?.debug({ reqId: requestId, cache: 'shared' }, 'page cache');
      for (const [name, value] of Object.entries(extraHeaders)) response.setHeader(name, value);
      this.send(request, response, page, 'shared');
    };
    const renderForMember = async () => {
      response.setHeader('x-cache', 'member');
      await render();
    };
    const pagePath = navigationPagePath(request);
    if (pagePath !== null && !(await this.visitorsGet200(request, pagePath, fetchAsVisitor))) {
      return renderForMember();
    }
    const keyNow = () => cacheKey(generation, url, this.varyOf(url), request.headers);
    const hit = this.lookup(keyNow());
    if (hit) return sendShared(hit);
    const pending = this.rendering.get(keyNow());
    if (pending) {
      const shared = await this.waitFor(pending);
      const vary = this.varyOf(url);
      if (shared && shared.vary.every((name) => vary.includes(name))) return sendShared(shared);
    }
    try {
      await fetchAsVisitor();
    } catch (error) {
      this.options.log?.debug({ reqId: requestId, err: error }, 'shared page fetch failed');
    }
    const fetched = this.lookup(keyNow());
    if (fetched) return sendShared(fetched);
    await renderForMember();
  }

  /** Whether visitors get the page at `pagePath` with a 200 (kept, or fetched now and kept). */
  private async visitorsGet200(
    request: IncomingMessage,
    pagePath: string,
    fetchAsVisitor: (pagePath?: string) => Promise<unknown>,
  ): Promise<boolean> {
    const url = `${request.headers.host ?? ''}${pagePath}`;
    const headers = { ...request.headers };
    for (const name of NAVIGATION_HEADERS) delete headers[name];
    const kept = () =>
      this.generation !== null &&
      this.lookup(cacheKey(this.generation, url, this.varyOf(url), headers)) !== null;
    if (kept()) return true;
    try {
      await fetchAsVisitor(pagePath);
    } catch {
      return false;
    }
    return kept();
  }

  /** The listings generation; a new one drops every kept page. */
  private async syncGeneration(): Promise<string> {
    const generation = await this.options.currentGeneration();
    if (generation !== this.generation) {
      // Pages of an older generation can never be asked for again.
      this.entries.clear();
      this.bytes = 0;
      this.generation = generation;
    }
    return generation;
  }

  /**
   * Answers from the cache, or through `render` (Next.js writing to `response`), keeping the
   * page when it may be kept. Call only for requests `accepts` took.
   */
  async serve(
    request: IncomingMessage,
    response: ServerResponse,
    render: () => Promise<unknown>,
  ): Promise<void> {
    let generation: string;
    try {
      generation = await this.syncGeneration();
    } catch {
      // Without the generation (Redis unreachable) a stored page could be stale: render.
      await render();
      return;
    }
    const url = `${request.headers.host ?? ''}${request.url}`;
    const vary = this.varyOf(url);
    const key = cacheKey(generation, url, vary, request.headers);
    const requestId = String(response.getHeader('x-request-id') ?? '');

    const hit = this.lookup(key);
    if (hit) {
      this.rememberVary(url, hit.vary);
      this.options.log?.debug({ reqId: requestId, cache: 'hit' }, 'page cache');
      return this.send(request, response, hit);
    }
    const pending = this.rendering.get(key);
    if (pending) {
      const shared = await this.waitFor(pending);
      // Only a page varying on no more than this key's headers is the same for this request.
      if (shared && shared.vary.every((name) => vary.includes(name))) {
        this.options.log?.debug({ reqId: requestId, cache: 'hit', shared: true }, 'page cache');
        return this.send(request, response, shared);
      }
    }
    this.options.log?.debug({ reqId: requestId, cache: 'miss' }, 'page cache');
    response.setHeader('x-cache', 'miss');
    if (request.method === 'HEAD') {
      await render();
      return;
    }
    const stored = this.capture(response, requestId).then((captured) =>
      captured ? this.keep(request, requestId, generation, url, captured) : null,
    );
    if (!pending) {
      this.rendering.set(key, stored);
      void stored.finally(() => {
        if (this.rendering.get(key) === stored) this.rendering.delete(key);
      });
    }
    await render();
  }

  private lookup(key: string): CachedPage | null {
    const page = this.entries.get(key);
    if (!page) return null;
    if (page.expires <= this.now()) {
      this.remove(key, page);
      return null;
    }
    // Least recently used goes first: a hit moves the page to the end.
    this.entries.delete(key);
    this.entries.set(key, page);
    return page;
  }

  private async waitFor(pending: Promise<CachedPage | null>): Promise<CachedPage | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.lockTimeoutMs);
    });
    try {
      return await Promise.race([pending, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private send(
    request: IncomingMessage,
    response: ServerResponse,
    page: CachedPage,
    cache: 'hit' | 'shared' = 'hit',
  ): void {
    for (const [name, value] of page.headers) response.setHeader(name, value);
    response.setHeader('x-cache', cache);
    response.setHeader('content-length', page.body.length);
    response.writeHead(page.status);
    response.end(request.method === 'HEAD' ? undefined : page.body);
  }

  /**
   * The bytes Next.js sends (compressed when it compresses: they are what is replayed), with
   * status and headers; null when the response was aborted, failed or too large to keep.
   */
  private capture(response: ServerResponse, requestId: string): Promise<CapturedResponse | null> {
    const state = { failed: false };
    if (requestId) this.capturing.set(requestId, state);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const keepChunk = (chunk: unknown, encoding: unknown) => {
      if (tooLarge || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > this.maxPageBytes) {
        tooLarge = true;
        chunks.length = 0;
      } else chunks.push(buffer);
    };
    const write = response.write;
    const end = response.end;
    response.write = function (this: ServerResponse, ...args: Parameters<typeof write>) {
      keepChunk(args[0], args[1]);
      return write.apply(this, args);
    } as typeof write;
    response.end = function (this: ServerResponse, ...args: Parameters<typeof end>) {
      keepChunk(args[0], args[1]);
      return end.apply(this, args);
    } as typeof end;
    return new Promise((resolve) => {
      const settle = (finished: boolean) => {
        if (requestId) this.capturing.delete(requestId);
        resolve(
          finished && !tooLarge && !state.failed
            ? {
                status: response.statusCode,
                headers: response.getHeaders(),
                body: Buffer.concat(chunks, size),
              }
            : null,
        );
      };
      response.once('finish', () => settle(true));
      // Closed before it finished: the client went away or the render was torn down.
      response.once('close', () => settle(response.writableFinished));
    });
  }

  private keep(
    request: IncomingMessage,
    requestId: string,
    generation: string,
    url: string,
    captured: CapturedResponse,
  ): CachedPage | null {
    const { status, headers, body } = captured;
    if (status !== 200) return null;
    if (!CACHEABLE_TYPE.test(String(headers['content-type'] ?? ''))) return null;
    if (headers['set-cookie'] !== undefined) return null;
    const ownVary = parseVary(headers.vary);
    if (!ownVary) return null;
    const vary = pageVary(url, ownVary);
    const kept: CachedPage['headers'] = [];
    let size = body.length + url.length;
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || PER_REQUEST_HEADERS.has(name)) continue;
      const text = Array.isArray(value) ? value : String(value);
      kept.push([name, text]);
      size += name.length + String(text).length;
    }
    const page: CachedPage = {
      status,
      headers: kept,
      body,
      vary,
      expires: this.now() + this.options.ttlSeconds * 1000,
      size,
    };
    // Rendered before an invalidation: handed to the requests that waited for it, not kept.
    if (generation !== this.generation) return page;
    this.rememberVary(url, vary);
    const key = cacheKey(generation, url, vary, request.headers);
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, page);
    this.bytes += size;
    if (requestId) {
      this.storedBy.set(requestId, { key, page });
      if (this.storedBy.size > 100) this.storedBy.delete(this.storedBy.keys().next().value!);
    }
    for (const [oldKey, oldPage] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(oldKey, oldPage);
    }
    return page;
  }

  /** The names a URL's pages are keyed on: those last stored for it, else Next.js's own. */
  private varyOf(url: string): string[] {
    return this.varyByUrl.get(url) ?? pageVary(url, DEFAULT_VARY);
  }

  /** Kept in use order like the pages, and for more URLs than there are pages. */
  private rememberVary(url: string, vary: string[]) {
    this.varyByUrl.delete(url);
    this.varyByUrl.set(url, vary);
    if (this.varyByUrl.size > 2 * this.maxEntries) {
      this.varyByUrl.delete(this.varyByUrl.keys().next().value!);
    }
  }

  private remove(key: string, page: CachedPage) {
    if (this.entries.delete(key)) this.bytes -= page.size;
  }
}
