// The production server: one process holding the database, the Next.js request handler and
// (with embedded PGlite, which is single-process) the background worker.
import { randomUUID } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { FOREIGN_ORIGIN_MESSAGE } from '@cutroom/core/features/accounts/auth/origin';
import { memberPartsEndpoint } from '@cutroom/core/features/site/member-parts/member-parts.endpoints';
import { requestWaits } from '@cutroom/core/platform/db/transaction-guard';
import {
  isMetricsRequestAllowed,
  recordRequest,
  renderMetrics,
} from '@cutroom/core/platform/metrics/metrics';
import { answerJsonCall, RETRY_AFTER_SECONDS } from './lib/server/api-route';
import { busyBody, createRequestDeadline } from './lib/server/request-deadline';
import { createRuntime } from './lib/server/create-runtime';
import { MEDIA_PATH_PREFIX, serveMedia } from './lib/server/media-handler';
import { createMediaGuard } from './lib/server/premium-media';
import { getViewer } from './lib/server/session';
import { hasMemberHint, MEMBER_HINT_SET } from './lib/member-hint';
import {
  compileProxyTrust,
  createForeignRequestCheck,
  settleForwardedHeaders,
} from './lib/server/request-edge';
import { NAVIGATION_HEADERS } from './lib/server/page-cache';
import { StaticBrotli } from './lib/server/static-brotli';
import { UPLOAD_PATH } from './lib/server/uploads';

const runtime = await createRuntime();
globalThis.__cutroomRuntime = Promise.resolve(runtime);
const { config, log } = runtime;
// Premium partner videos' files go only to those who may watch them (docs/partner.md), a
// password video's only under the token its unlock gave (docs/videos.md).
const mediaGuard = createMediaGuard({
  db: runtime.database.db,
  actorOf: getViewer,
  secret: runtime.accounts.settings.secret,
  generation: () => runtime.listings.currentGeneration(),
});

const dev = process.argv.includes('--dev');
const app = next({ dev, dir: fileURLToPath(new URL('.', import.meta.url)) });
await app.prepare();
const handle = app.getRequestHandler();
const proxyTrust = compileProxyTrust(config.TRUSTED_PROXIES);
const isForeignRequest = createForeignRequestCheck(config.PUBLIC_URL);
// The build's scripts and styles in brotli, compressed once by the build (compress-static.ts).
const staticBrotli = dev
  ? null
  : new StaticBrotli(
      fileURLToPath(new URL('.next/static/', import.meta.url)),
      fileURLToPath(new URL('.next/static-brotli/', import.meta.url)),
    );
staticBrotli?.warm().catch((error: unknown) => log.warn({ err: error }, 'brotli warm-up failed'));
const FOREIGN_REFUSAL = JSON.stringify({
  error: FOREIGN_ORIGIN_MESSAGE,
  message: FOREIGN_ORIGIN_MESSAGE,
  httpStatusCode: 403,
});

/**
 * The call every member's shared page makes (docs/decisions/0024), answered here as its route
 * handler answers it, without Next.js's routing and web Request and Response around it.
 */
const MEMBER_PARTS_PATH = memberPartsEndpoint.path;
const MEMBER_PARTS_MAX_BYTES = 4096;

/** A request's body as text, or null once it passes `maxBytes` (the rest is not kept). */
function readSmallBody(request: IncomingMessage, maxBytes: number): Promise<string | null> {
  // Stream events rather than an async iterator: this runs for every member's page view.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else resolve(null);
    });
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

async function answerMemberParts(request: IncomingMessage, response: ServerResponse) {
  const body = await readSmallBody(request, MEMBER_PARTS_MAX_BYTES);
  if (body === null) {
    // The answer goes out whole, then the connection closes (the rest of the body is unread).
    response
      .writeHead(413, { 'content-type': 'application/json', connection: 'close' })
      .end(JSON.stringify({ error: 'The request body is too large', httpStatusCode: 413 }), () =>
        request.destroy(),
      );
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const answer = await answerJsonCall(memberPartsEndpoint, headers, async () => body);
  response
    .writeHead(answer.status, {
      'content-type': 'application/json',
      'cache-control': 'private, no-store',
    })
    .end(JSON.stringify(answer.body));
}

/** Request headers a visitor's copy of a member's request leaves out. */
const MEMBER_ONLY_HEADERS = new Set(['cookie', 'authorization', 'connection', 'x-request-id']);

/**
 * The page a member asked for, requested from this server as a visitor's (no cookies): the
 * visitor's path renders it once and keeps it, and the member is then served that page.
 */
function fetchAsVisitor(request: IncomingMessage, pagePath?: string): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || MEMBER_ONLY_HEADERS.has(name)) continue;
    // With a page path: the page itself, not a client navigation's payload of it.
    if (pagePath !== undefined && NAVIGATION_HEADERS.includes(name)) continue;
    headers[name] = value;
  }
  return new Promise((resolve, reject) => {
    const copy = httpRequest(
      {
        host: '127.0.0.1',
        port: config.PORT,
        method: 'GET',
        path: pagePath ?? request.url,
        headers,
      },
      (answer) => {
        answer.resume();
        answer.once('end', () => resolve());
        answer.once('error', reject);
      },
    );
    copy.once('error', reject);
    copy.end();
  });
}

const armDeadline = createRequestDeadline({
  deadlineMs: config.REQUEST_TIMEOUT_SECONDS * 1000,
  log,
});

/** The one way a request that failed unexpectedly is answered: logged, 500 or cut off. */
function answerFailure(
  work: Promise<unknown>,
  response: ServerResponse,
  requestId: string,
  what: string,
) {
  work.catch((error: unknown) => {
    log.error({ err: error, reqId: requestId }, `${what} failed`);
    if (!response.headersSent) response.writeHead(500).end();
    else response.destroy();
  });
}

/** Prometheus's scrape: only with METRICS_TOKEN set, and sent as its bearer token. */
async function answerMetrics(request: IncomingMessage, response: ServerResponse) {
  if (!config.METRICS_TOKEN) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  if (!isMetricsRequestAllowed(config.METRICS_TOKEN, request.headers.authorization)) {
    response
      .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
      .end('The metrics need the bearer token METRICS_TOKEN names');
    return;
  }
  const { contentType, body } = await renderMetrics();
  response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
}

let stopping = false;

const server = createServer((request, response) => {
  const header = request.headers['x-request-id'];
  const requestId =
    typeof header === 'string' && /^[\w-]{8,64}$/.test(header) ? header : randomUUID();
  request.headers['x-request-id'] = requestId;
  response.setHeader('x-request-id', requestId);
  const client = settleForwardedHeaders(request, proxyTrust);
  const started = process.hrtime.bigint();
  response.on('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    recordRequest((request.url ?? '/').split('?')[0]!, response.statusCode, seconds);
    log.info(
      {
        reqId: requestId,
        method: request.method,
        url: request.url,
        ip: client,
        status: response.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      },
      'request',
    );
  });
  if (stopping) {
    response
      .writeHead(503, {
        'content-type': 'application/json',
        'retry-after': String(RETRY_AFTER_SECONDS),
        connection: 'close',
      })
      .end(busyBody('The site is restarting. Please try again in a few seconds.'));
    return;
  }
  // Cross-site request forgery: a change carrying this site's cookies must come from its pages.
  if (isForeignRequest(request)) {
    response.writeHead(403, { 'content-type': 'application/json' }).end(FOREIGN_REFUSAL);
    return;
  }
  if (staticBrotli?.serve(request, response)) return;
  const wait = {};
  requestWaits.run(wait, () => route(request, response, requestId, wait));
});

function route(
  request: IncomingMessage,
  response: ServerResponse,
  requestId: string,
  wait: { waitingFor?: string },
) {
  if (request.url === '/metrics' && request.method === 'GET') {
    answerFailure(answerMetrics(request, response), response, requestId, 'metrics');
    return;
  }
  if (request.url === UPLOAD_PATH || request.url?.startsWith(`${UPLOAD_PATH}/`)) {
    // Resumable uploads stream to disk outside Next.js; their bodies take as long as they take.
    answerFailure(runtime.uploads.server.handle(request, response), response, requestId, 'upload');
    return;
  }
  armDeadline(request, response, requestId, wait);
  if (request.url?.startsWith(MEDIA_PATH_PREFIX)) {
    // Media bypasses Next.js: byte ranges and streaming straight from storage.
    answerFailure(
      serveMedia(runtime.storage, request, response, mediaGuard, runtime.liveReloads),
      response,
      requestId,
      'media request',
    );
    return;
  }
  if (request.url === MEMBER_PARTS_PATH && request.method === 'POST') {
    answerFailure(answerMemberParts(request, response), response, requestId, 'member parts');
    return;
  }
  if (runtime.pageCache.acceptsMember(request)) {
    // A member gets the page everyone gets; the page asks for their own parts afterwards.
    answerFailure(
      runtime.pageCache.serveMember(
        request,
        response,
        (pagePath) => fetchAsVisitor(request, pagePath),
        () => handle(request, response),
        hasMemberHint(request.headers.cookie) ? {} : { 'set-cookie': MEMBER_HINT_SET },
      ),
      response,
      requestId,
      'page request',
    );
    return;
  }
  if (runtime.pageCache.accepts(request)) {
    // What visitors see is rendered once and served from memory for a short while.
    answerFailure(
      runtime.pageCache.serve(request, response, () => handle(request, response)),
      response,
      requestId,
      'page request',
    );
    return;
  }
  answerFailure(handle(request, response), response, requestId, 'request');
}

// Unpublished uploads do not pile up: swept every hour.
const sweepUploads = setInterval(
  () => {
    runtime.uploads
      .removeExpired()
      .catch((error: unknown) => log.warn({ err: error }, 'upload sweep failed'));
  },
  60 * 60 * 1000,
);
sweepUploads.unref();

// A port already taken must end the start, not leave a process that serves nothing.
server.once('error', (error: NodeJS.ErrnoException) => {
  const message =
    error.code === 'EADDRINUSE'
      ? `Port ${config.PORT} is already in use: stop what runs there or set PORT to another port`
      : `Cannot listen on port ${config.PORT}: ${error.message}`;
  log.fatal({ err: error }, message);
  process.stderr.write(`${message}\n`);
  runtime
    .stop()
    .catch(() => undefined)
    .finally(() => process.exit(1));
});
// An idle kept-alive connection stays open 65 s, not Node's 5 s: a client or a proxy in front
// that reuses a connection just as the server closes it gets a reset instead of an answer (the
// soak's uploads, 4 of 19, on a busy machine), and clients and proxies keep theirs for less
// (undici about 4 s, nginx's upstream keepalive 60 s). Closed at once when the server stops.
server.keepAliveTimeout = 65_000;
server.listen(config.PORT, () => {
  log.info({ url: `http://localhost:${config.PORT}` }, 'Cutroom is ready');
});

/**
 * Stopping (docs/faults.md): no new requests, the ones in flight get SHUTDOWN_GRACE_SECONDS,
 * then everything closes; the process exits within that plus two seconds whatever still runs
 * (the database is left as a crash would leave it, which it recovers from at the next start).
 */
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
  log.info({ signal, graceMs }, 'stopping');
  setTimeout(() => {
    log.error({ signal }, 'stopped with work still running after the grace period');
    process.exit(1);
  }, graceMs + 2_000).unref();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  server.closeAllConnections();
  await runtime.stop();
  log.info({ signal }, 'stopped');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
