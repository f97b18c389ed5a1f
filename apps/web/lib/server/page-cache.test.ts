import { randomUUID } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isMemberSharedRequest,
  isPublicPagePath,
  isVisitorPageRequest,
  NAVIGATION_HEADERS,
  PageCache,
  parseVary,
  type PageCacheOptions,
} from './page-cache';

// The compression middleware Next.js runs in front of its pages, as the real server has it.
const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as () => (
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
) => void;

const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';

type Render = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** A page as Next.js answers it: status, its headers and an HTML body in two chunks. */
const htmlPage =
  (body: string, headers: Record<string, string> = {}, status = 200): Render =>
  (_request, response) => {
    response.statusCode = status;
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.setHeader('vary', NEXT_VARY);
    response.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.write(body.slice(0, 5));
    response.end(body.slice(5));
  };

interface Site {
  url: string;
  cache: PageCache;
  renders: () => number;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

/** A server like apps/web/server.ts: request id, then the cache in front of `render`. */
async function startSite(
  render: Render,
  options: Partial<PageCacheOptions> & { compress?: boolean } = {},
): Promise<Site> {
  const cache = new PageCache({
    ttlSeconds: 30,
    currentGeneration: async () => '0',
    ...options,
  });
  const compress = options.compress ? compression() : null;
  let renders = 0;
  const renderPage = async (request: IncomingMessage, response: ServerResponse) => {
    renders += 1;
    compress?.(request, response, () => undefined);
    await render(request, response);
  };
  let port = 0;
  // As server.ts: a member's shared page is asked for from this server as a visitor's.
  const fetchAsVisitor = (request: IncomingMessage, pagePath?: string) =>
    send(`http://127.0.0.1:${port}${pagePath ?? request.url}`, {
      headers: Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' &&
            !['cookie', 'connection'].includes(entry[0]) &&
            (pagePath === undefined || !NAVIGATION_HEADERS.includes(entry[0])),
        ),
      ),
    });
  const server = createServer((request, response) => {
    response.setHeader('x-request-id', randomUUID());
    if (cache.acceptsMember(request)) {
      void cache.serveMember(
        request,
        response,
        (pagePath) => fetchAsVisitor(request, pagePath),
        () => renderPage(request, response),
      );
    } else if (cache.accepts(request)) {
      void cache.serve(request, response, () => renderPage(request, response));
    } else void renderPage(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, cache, renders: () => renders };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A raw HTTP request: exactly these headers, the body as sent (not decompressed). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('which requests the page cache takes', () => {
  it('allows the public pages and nothing personal', () => {
    for (const path of [
      '/',
      '/browse',
      '/popular',
      '/trending',
      '/discover',
      '/archive',
      '/archive/2026-01',
      '/category/pmv',
      '/tags/dance',
      '/music/Daft%20Punk',
      '/star/Aurora',
      '/creator/someone',
      '/search',
      '/search/midnight-dance',
      '/video/a-title_abc123',
      '/video/embed/abc123',
      '/playlist/abc123',
      '/playlist/video/abc123',
      '/profile/alice',
      '/ranks',
      '/faq',
      '/contact',
      '/2257',
      '/csam',
      '/dmca',
      '/policy',
      '/privacy',
    ]) {
      expect(isPublicPagePath(path), path).toBe(true);
    }
    for (const path of [
      '/random',
      '/upload',
      '/processing',
      '/watched',
      '/subscriptions',
      '/inbox',
      '/inbox/someone',
      '/profile',
      '/profile/settings',
      '/profile/alice/more',
      '/login',
      '/register',
      '/verify',
      '/reset-password',
      '/api',
      '/api/getmorevideos',
      '/api/uploads/abc',
      '/media/videos/a/v1/master.m3u8',
      '/_next/static/chunks/app.js',
      '/builds/latest.json',
      '/category/',
      '/faqs',
    ]) {
      expect(isPublicPagePath(path), path).toBe(false);
    }
  });

  it("takes a visitor's GET and HEAD only: no session cookie in either form, no Authorization", () => {
    const request = (method: string, url: string, headers: IncomingHttpHeaders = {}) =>
      ({ method, url, headers }) as IncomingMessage;
    expect(isVisitorPageRequest(request('GET', '/?category=pmv&page=2'))).toBe(true);
    expect(isVisitorPageRequest(request('HEAD', '/faq'))).toBe(true);
    expect(isVisitorPageRequest(request('GET', '/', { cookie: 'theme=dark; other=1' }))).toBe(true);
    expect(isVisitorPageRequest(request('POST', '/'))).toBe(false);
    expect(isVisitorPageRequest(request('GET', '/random'))).toBe(false);
    expect(
      isVisitorPageRequest(request('GET', '/', { cookie: 'a=1; cutroom.session_token=abc.def' })),
    ).toBe(false);
    expect(
      isVisitorPageRequest(request('GET', '/', { cookie: '__Secure-cutroom.session_token=x' })),
    ).toBe(false);
    expect(isVisitorPageRequest(request('GET', '/', { authorization: 'Bearer abc' }))).toBe(false);
    expect(isVisitorPageRequest(request('GET', `/search?q=${'a'.repeat(3000)}`))).toBe(false);
  });

  it("takes a member's GET of the pages with nothing of theirs in them", () => {
    const member = (url: string, headers: Record<string, string> = {}) =>
      isMemberSharedRequest({
        method: 'GET',
        url,
        headers: { cookie: 'cutroom.session_token=x.y', ...headers },
      } as unknown as IncomingMessage);
    for (const url of [
      '/',
      '/?view=popular',
      '/video/a_b',
      '/category/pmv',
      '/search?q=x',
      '/faq',
    ]) {
      expect(member(url), url).toBe(true);
    }
    for (const url of [
      '/discover',
      '/profile/someone',
      '/playlist/abc',
      '/video/embed/abc',
      '/?subscriptions=1',
      '/search?q=x&subscriptions=true',
      '/upload',
      '/inbox',
    ]) {
      expect(member(url), url).toBe(false);
    }
    expect(member('/', { authorization: 'Bearer x' })).toBe(false);
    expect(isMemberSharedRequest({ method: 'GET', url: '/', headers: {} } as IncomingMessage)).toBe(
      false,
    );
  });

  it('reads Vary as lower-case request header names; * never matches', () => {
    expect(parseVary('RSC, Next-Router-State-Tree,Accept-Encoding')).toEqual([
      'rsc',
      'next-router-state-tree',
      'accept-encoding',
    ]);
    expect(parseVary(['rsc', 'accept-encoding, rsc'])).toEqual(['rsc', 'accept-encoding']);
    expect(parseVary(undefined)).toEqual([]);
    expect(parseVary('accept-encoding, *')).toBeNull();
  });

  it('is off with a zero lifetime', async () => {
    const site = await startSite(htmlPage('<p>hello</p>'), { ttlSeconds: 0 });
    const first = await send(`${site.url}/`);
    const second = await send(`${site.url}/`);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBeUndefined();
    expect(site.renders()).toBe(2);
  });
});

describe('PageCache', () => {
  it("renders a visitor's page once, then serves it with this request's id", async () => {
    const site = await startSite(htmlPage('<h1>Newest videos</h1>'));
    const first = await send(`${site.url}/`);
    const second = await send(`${site.url}/`);
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.status).toBe(200);
    expect(second.body.toString()).toBe('<h1>Newest videos</h1>');
    expect(second.headers['content-length']).toBe(String(second.body.length));
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['cache-control']).toBe(
      'private, no-cache, no-store, max-age=0, must-revalidate',
    );
    expect(second.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers.date).toBeDefined();
    expect(site.renders()).toBe(1);
    expect(site.cache.size.entries).toBe(1);
  });

  it('keys on path and query', async () => {
    const site = await startSite((request, response) =>
      htmlPage(`<p>${request.url}</p>`)(request, response),
    );
    await send(`${site.url}/?page=2`);
    const other = await send(`${site.url}/?page=3`);
    expect(other.headers['x-cache']).toBe('miss');
    expect(other.body.toString()).toBe('<p>/?page=3</p>');
    expect((await send(`${site.url}/?page=2`)).body.toString()).toBe('<p>/?page=2</p>');
  });

  it('keeps the embed page apart for each framing page and Sec-Fetch-Dest (docs/videos.md)', async () => {
    const site = await startSite((request, response) =>
      htmlPage(
        `<p>${request.headers.referer ?? 'none'} ${request.headers['sec-fetch-dest'] ?? ''}</p>`,
      )(request, response),
    );
    const on = (referer: string, dest: string) =>
      send(`${site.url}/video/embed/abcdef1`, { headers: { referer, 'sec-fetch-dest': dest } });
    await on('https://allowed.example/', 'iframe');
    const other = await on('https://other.example/', 'iframe');
    expect(other.headers['x-cache']).toBe('miss');
    expect(other.body.toString()).toBe('<p>https://other.example/ iframe</p>');
    const alone = await on('https://allowed.example/', 'document');
    expect(alone.headers['x-cache']).toBe('miss');
    const again = await on('https://allowed.example/', 'iframe');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body.toString()).toBe('<p>https://allowed.example/ iframe</p>');
  });

  it('answers HEAD from a stored page, and renders a HEAD miss without keeping it', async () => {
    const site = await startSite(htmlPage('<p>faq</p>'));
    const headMiss = await send(`${site.url}/faq`, { method: 'HEAD' });
    expect(headMiss.headers['x-cache']).toBe('miss');
    expect(site.cache.size.entries).toBe(0);
    await send(`${site.url}/faq`);
    const head = await send(`${site.url}/faq`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['x-cache']).toBe('hit');
    expect(head.headers['content-length']).toBe('10');
    expect(head.body.length).toBe(0);
    expect(site.renders()).toBe(2);
  });

  it('passes requests with Authorization and personal pages straight through', async () => {
    const site = await startSite(htmlPage('<p>for you</p>'));
    const headers = { authorization: 'Bearer abc' };
    await send(`${site.url}/`, { headers });
    const again = await send(`${site.url}/`, { headers });
    expect(again.headers['x-cache']).toBeUndefined();
    const member = { cookie: 'cutroom.session_token=signed.value' };
    await send(`${site.url}/upload`, { headers: member });
    expect((await send(`${site.url}/upload`)).headers['x-cache']).toBeUndefined();
    expect(site.renders()).toBe(4);
    expect(site.cache.size.entries).toBe(0);
  });

  it("serves members the visitors' page, rendered once as a visitor's, never one of theirs", async () => {
    const seen: (string | undefined)[] = [];
    const site = await startSite((request, response) => {
      seen.push(request.headers.cookie);
      const who = request.headers.cookie ? 'member' : 'everyone';
      return htmlPage(`<p>for ${who}</p>`)(request, response);
    });
    const alice = { cookie: 'cutroom.session_token=alice.signed' };
    const bob = { cookie: '__Secure-cutroom.session_token=bob.signed; other=1' };
    const first = await send(`${site.url}/video/x_abc`, { headers: alice });
    const second = await send(`${site.url}/video/x_abc`, { headers: bob });
    const visitor = await send(`${site.url}/video/x_abc`);
    expect([first, second].map((answer) => answer.headers['x-cache'])).toEqual([
      'shared',
      'shared',
    ]);
    expect(visitor.headers['x-cache']).toBe('hit');
    for (const answer of [first, second, visitor]) {
      expect(answer.body.toString()).toBe('<p>for everyone</p>');
    }
    // One render, without any cookie.
    expect(seen).toEqual([undefined]);
  });

  it('renders for the member, and keeps nothing, when visitors get no page there', async () => {
    const site = await startSite((request, response) =>
      request.headers.cookie
        ? htmlPage('<p>your processing video</p>')(request, response)
        : htmlPage('<p>Sign in</p>', {}, 401)(request, response),
    );
    const owner = { cookie: 'cutroom.session_token=owner.signed' };
    for (let i = 0; i < 2; i++) {
      const answer = await send(`${site.url}/video/x_abc`, { headers: owner });
      expect(answer.status).toBe(200);
      expect(answer.headers['x-cache']).toBe('member');
      expect(answer.body.toString()).toBe('<p>your processing video</p>');
    }
    expect(site.cache.size.entries).toBe(0);
    expect((await send(`${site.url}/video/x_abc`)).status).toBe(401);
  });

  it("renders a member's navigation for them when visitors' page there is a refusal, though its payload answers 200", async () => {
    // As Next.js does: a client navigation's payload of a refused page still answers 200.
    const site = await startSite((request, response) => {
      const isRsc = request.headers.rsc === '1';
      const owner = Boolean(request.headers.cookie);
      const status = isRsc || owner ? 200 : 401;
      htmlPage(
        `${isRsc ? 'payload' : 'page'} for ${owner ? 'the owner' : 'a visitor'}`,
        {},
        status,
      )(request, response);
    });
    const owner = { cookie: 'cutroom.session_token=owner.signed', rsc: '1' };
    // A visitor's navigation came first and its payload is kept.
    await send(`${site.url}/video/x_abc?_rsc=1a2b`, { headers: { rsc: '1' } });
    const navigation = await send(`${site.url}/video/x_abc?_rsc=9z8y`, { headers: owner });
    expect(navigation.headers['x-cache']).toBe('member');
    expect(navigation.body.toString()).toBe('payload for the owner');
  });

  it("serves a member's navigation the visitors' payload when visitors get the page with 200", async () => {
    const site = await startSite((request, response) =>
      htmlPage(request.headers.rsc === '1' ? 'payload' : '<html>page</html>')(request, response),
    );
    const member = { cookie: 'cutroom.session_token=member.signed', rsc: '1' };
    const first = await send(`${site.url}/video/x_abc?_rsc=1a2b`, { headers: member });
    expect(first.headers['x-cache']).toBe('shared');
    expect(first.body.toString()).toBe('payload');
    // The page itself (asked once to learn its status) and the payload: two renders in all.
    await send(`${site.url}/video/x_abc?_rsc=1a2b`, { headers: member });
    expect(site.renders()).toBe(2);
  });

  it.each([
    ['a 404', htmlPage('<p>Page not found</p>', {}, 404)],
    ['a 500', htmlPage('<p>Something went wrong</p>', {}, 500)],
    ['a redirect', htmlPage('', { location: '/video/x_abc' }, 308)],
    ['an answer setting a cookie', htmlPage('<p>hi</p>', { 'set-cookie': 'a=1' })],
    ['JSON', htmlPage('{}', { 'content-type': 'application/json' })],
    ['an answer varying on everything', htmlPage('<p>hi</p>', { vary: '*' })],
  ])('never keeps %s', async (_name, render) => {
    const site = await startSite(render);
    await send(`${site.url}/video/x_abc`);
    expect((await send(`${site.url}/video/x_abc`)).headers['x-cache']).toBe('miss');
    expect(site.renders()).toBe(2);
    expect(site.cache.size.entries).toBe(0);
  });

  it('keeps the RSC payload apart from the HTML of the same URL', async () => {
    const site = await startSite((request, response) => {
      const isRsc = request.headers.rsc === '1';
      htmlPage(isRsc ? '0:{"rsc":true}' : '<html>page</html>', {
        'content-type': isRsc ? 'text/x-component' : 'text/html; charset=utf-8',
      })(request, response);
    });
    await send(`${site.url}/browse?_rsc=1a2b`);
    const rsc = await send(`${site.url}/browse?_rsc=1a2b`, { headers: { rsc: '1' } });
    expect(rsc.headers['x-cache']).toBe('miss');
    expect(rsc.body.toString()).toBe('0:{"rsc":true}');
    const rscAgain = await send(`${site.url}/browse?_rsc=1a2b`, { headers: { rsc: '1' } });
    expect(rscAgain.headers['x-cache']).toBe('hit');
    expect(rscAgain.headers['content-type']).toBe('text/x-component');
    const html = await send(`${site.url}/browse?_rsc=1a2b`);
    expect(html.headers['x-cache']).toBe('hit');
    expect(html.body.toString()).toBe('<html>page</html>');
  });

  it('keeps what the compression middleware sent, apart for each accepted encoding', async () => {
    const text = `<html>${'<div class="video-card">A video</div>'.repeat(200)}</html>`;
    const site = await startSite(htmlPage(text), { compress: true });
    const gzipHeaders = { 'accept-encoding': 'gzip, deflate, br' };
    const gzipMiss = await send(`${site.url}/`, { headers: gzipHeaders });
    expect(gzipMiss.headers['content-encoding']).toBe('gzip');
    expect(gzipMiss.headers.vary).toMatch(/accept-encoding/i);
    const gzipHit = await send(`${site.url}/`, { headers: gzipHeaders });
    expect(gzipHit.headers['x-cache']).toBe('hit');
    expect(gzipHit.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipHit.body).toString()).toBe(text);

    const plain = await send(`${site.url}/`);
    expect(plain.headers['x-cache']).toBe('miss');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const plainHit = await send(`${site.url}/`);
    expect(plainHit.headers['x-cache']).toBe('hit');
    expect(plainHit.body.toString()).toBe(text);
    expect(site.renders()).toBe(2);
  });

  it('renders once for concurrent misses; the others get its bytes', async () => {
    const site = await startSite(async (request, response) => {
      await later(150);
      htmlPage('<p>rendered once</p>')(request, response);
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send(`${site.url}/trending`)),
    );
    expect(site.renders()).toBe(1);
    expect(answers.map((answer) => answer.body.toString())).toEqual(
      Array(6).fill('<p>rendered once</p>'),
    );
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'miss')).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.headers['x-request-id'])).size).toBe(6);
  });

  it('lets waiters render themselves when the first render takes too long or is not kept', async () => {
    let calls = 0;
    const site = await startSite(
      async (request, response) => {
        const isFirst = ++calls === 1;
        if (isFirst) await later(400);
        htmlPage('<p>slow</p>', {}, isFirst ? 500 : 200)(request, response);
      },
      { lockTimeoutMs: 100 },
    );
    const [first, second] = await Promise.all([
      send(`${site.url}/discover`),
      later(20).then(() => send(`${site.url}/discover`)),
    ]);
    expect(first.status).toBe(500);
    expect(second.status).toBe(200);
    expect(second.headers['x-cache']).toBe('miss');
    expect(site.renders()).toBe(2);
    expect((await send(`${site.url}/discover`)).headers['x-cache']).toBe('hit');
  });

  it('never keeps a response the client abandoned, nor a render reported as failed', async () => {
    let abandon = true;
    const site = await startSite(async (request, response) => {
      response.setHeader('content-type', 'text/html');
      response.write('<p>part');
      if (abandon) await new Promise((resolve) => response.once('close', resolve));
      response.end(' and the rest</p>');
    });
    await new Promise<void>((resolve) => {
      const outgoing = httpRequest(`${site.url}/popular`, { agent: false }, (response) => {
        response.once('data', () => {
          outgoing.destroy();
          resolve();
        });
      });
      outgoing.end();
    });
    await later(50);
    expect(site.cache.size.entries).toBe(0);

    abandon = false;
    const failing = await startSite(async (request, response) => {
      failing.cache.discard(String(response.getHeader('x-request-id')));
      htmlPage('<p>with an error inside</p>')(request, response);
    });
    await send(`${failing.url}/popular`);
    expect((await send(`${failing.url}/popular`)).headers['x-cache']).toBe('miss');
    expect(failing.cache.size.entries).toBe(0);

    // A failure reported after the page was sent and kept still removes it.
    const late = await startSite(htmlPage('<p>looked fine</p>'));
    const sent = await send(`${late.url}/popular`);
    expect(late.cache.size.entries).toBe(1);
    late.cache.discard(String(sent.headers['x-request-id']));
    expect(late.cache.size.entries).toBe(0);
    expect((await send(`${late.url}/popular`)).headers['x-cache']).toBe('miss');
  });

  it('drops every page when the listings generation changes', async () => {
    let generation = 'g1';
    let version = 1;
    const site = await startSite(
      (request, response) => htmlPage(`<p>v${version}</p>`)(request, response),
      { currentGeneration: async () => generation },
    );
    await send(`${site.url}/`);
    version = 2;
    expect((await send(`${site.url}/`)).body.toString()).toBe('<p>v1</p>');
    generation = 'g2';
    const fresh = await send(`${site.url}/`);
    expect(fresh.headers['x-cache']).toBe('miss');
    expect(fresh.body.toString()).toBe('<p>v2</p>');
  });

  it('renders uncached when the generation cannot be read', async () => {
    const site = await startSite(htmlPage('<p>hi</p>'), {
      currentGeneration: () => Promise.reject(new Error('Redis is unreachable')),
    });
    await send(`${site.url}/`);
    expect((await send(`${site.url}/`)).status).toBe(200);
    expect(site.renders()).toBe(2);
    expect(site.cache.size.entries).toBe(0);
  });

  it('expires a page after its lifetime', async () => {
    let clock = 1_000_000;
    const site = await startSite(htmlPage('<p>hi</p>'), { ttlSeconds: 30, now: () => clock });
    await send(`${site.url}/`);
    clock += 29_000;
    expect((await send(`${site.url}/`)).headers['x-cache']).toBe('hit');
    clock += 1_001;
    expect((await send(`${site.url}/`)).headers['x-cache']).toBe('miss');
  });

  it('keeps at most maxEntries pages, the least recently used dropped first', async () => {
    const site = await startSite(
      (request, response) => htmlPage(`<p>${request.url}</p>`)(request, response),
      { maxEntries: 2 },
    );
    await send(`${site.url}/tags/a`);
    await send(`${site.url}/tags/b`);
    expect((await send(`${site.url}/tags/a`)).headers['x-cache']).toBe('hit');
    await send(`${site.url}/tags/c`);
    expect(site.cache.size.entries).toBe(2);
    expect((await send(`${site.url}/tags/a`)).headers['x-cache']).toBe('hit');
    expect((await send(`${site.url}/tags/b`)).headers['x-cache']).toBe('miss');
  });

  it('keeps at most maxBytes, and no page larger than maxPageBytes', async () => {
    const site = await startSite(
      (request, response) =>
        htmlPage(request.url === '/tags/big' ? 'x'.repeat(5000) : 'y'.repeat(1000))(
          request,
          response,
        ),
      { maxBytes: 2500, maxPageBytes: 4000 },
    );
    await send(`${site.url}/tags/a`);
    await send(`${site.url}/tags/b`);
    await send(`${site.url}/tags/c`);
    expect(site.cache.size.entries).toBe(2);
    expect(site.cache.size.bytes).toBeLessThanOrEqual(2500);
    expect((await send(`${site.url}/tags/a`)).headers['x-cache']).toBe('miss');
    const big = await send(`${site.url}/tags/big`);
    expect(big.body.length).toBe(5000);
    expect((await send(`${site.url}/tags/big`)).headers['x-cache']).toBe('miss');
  });
});
