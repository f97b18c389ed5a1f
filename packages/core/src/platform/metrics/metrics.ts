import { timingSafeEqual } from 'node:crypto';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CollectFunction,
} from 'prom-client';

/**
 * What a process tells Prometheus about itself (docs/operations.md, What to watch): one
 * registry per process, since a web node and a worker each serve their own `/metrics`. It is
 * kept on the process (as the live audience is): the server and the Next.js bundle each load
 * this module, and both must count into the one registry the server serves. Counters are
 * recorded where things happen; gauges the database knows (queue depth, lives on air) are
 * read when Prometheus scrapes.
 */
function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'cutroom_http_requests_total',
      help: 'HTTP requests answered, by route group and status',
      labelNames: ['route', 'status'] as const,
      registers,
    }),
    httpRequestDuration: new Histogram({
      name: 'cutroom_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route group and status',
      labelNames: ['route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    databaseWait: new Histogram({
      name: 'cutroom_database_wait_seconds',
      help: "Time work waited for the database (PGlite's connection, or a pooled connection taken)",
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10],
      registers,
    }),
    transcodes: new Counter({
      name: 'cutroom_transcodes_total',
      help: 'Transcode attempts that ended, by outcome (published, failed, skipped, gone, error)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    transcodeDuration: new Histogram({
      name: 'cutroom_transcode_duration_seconds',
      help: 'Wall time of a transcode attempt',
      buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
      registers,
    }),
    transcodeRealtimeFactor: new Histogram({
      name: 'cutroom_transcode_realtime_factor',
      help: "A published video's duration over its transcode's wall time (2 = twice realtime)",
      buckets: [0.25, 0.5, 1, 2, 4, 8, 16],
      registers,
    }),
    mails: new Counter({
      name: 'cutroom_mail_total',
      help: 'E-mails handed to the mail server (or the outbox), by result (sent, failed)',
      labelNames: ['result'] as const,
      registers,
    }),
    ingestConnections: new Gauge({
      name: 'cutroom_live_ingest_connections',
      help: "RTMP connections open on this node (the ingest process's last health report)",
      registers,
    }),
    ingestPublishes: new Counter({
      name: 'cutroom_live_ingest_publishes_total',
      help: 'RTMP publishes whose stream key the site accepted (their media is read from then)',
      registers,
    }),
    ingestRefusals: new Counter({
      name: 'cutroom_live_ingest_refusals_total',
      help: 'RTMP streams refused before they went on air, by reason (key, video-codec ...)',
      labelNames: ['reason'] as const,
      registers,
    }),
    ingestLimitCloses: new Counter({
      name: 'cutroom_live_ingest_limit_closes_total',
      help: 'RTMP connections the ingest process closed by a limit or as malformed, by reason',
      labelNames: ['reason'] as const,
      registers,
    }),
    ingestRestarts: new Counter({
      name: 'cutroom_live_ingest_restarts_total',
      help: 'Times the ingest process was started again, by cause (exited, hung, memory)',
      labelNames: ['cause'] as const,
      registers,
    }),
  };
}

const METRICS = Symbol.for('cutroom.metrics');
const processGlobals = globalThis as { [METRICS]?: ReturnType<typeof createMetrics> };
const metrics = (processGlobals[METRICS] ??= createMetrics());

export const {
  registry: metricsRegistry,
  httpRequests,
  httpRequestDuration,
  databaseWait,
  transcodes,
  transcodeDuration,
  transcodeRealtimeFactor,
  mails,
  ingestConnections,
  ingestPublishes,
  ingestRefusals,
  ingestLimitCloses,
  ingestRestarts,
} = metrics;

/**
 * What the live ingest reports (docs/live.md): the web process hears it from the ingest
 * process (its health reports, the connections it closed) and decides the publishes itself.
 * Reasons and causes are short words, so that the labels' values stay few.
 */
export const ingestMetrics = {
  connectionsOpen: (count: number) => ingestConnections.set(count),
  publishAccepted: () => ingestPublishes.inc(),
  refused: (reason: string) => ingestRefusals.inc({ reason }),
  closedByLimit: (reason: string, count: number) => ingestLimitCloses.inc({ reason }, count),
  restarted: (cause: 'exited' | 'hung' | 'memory') => ingestRestarts.inc({ cause }),
};

/** A gauge whose value is read at each scrape (labelled values, or one number). */
export function gaugeFromScrape(options: {
  name: string;
  help: string;
  labelNames?: string[];
  read: () => Promise<{ labels?: Record<string, string>; value: number }[]>;
}): Gauge {
  const existing = metricsRegistry.getSingleMetric(options.name);
  if (existing) metricsRegistry.removeSingleMetric(options.name);
  const collect: CollectFunction<Gauge> = async function (this: Gauge) {
    this.reset();
    try {
      for (const { labels, value } of await options.read()) {
        if (labels) this.set(labels, value);
        else this.set(value);
      }
    } catch {
      // A scrape while the database is away answers the other metrics.
    }
  };
  return new Gauge({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames ?? [],
    registers: [metricsRegistry],
    collect,
  });
}

/**
 * The group a request's path belongs to, so the label's values stay few: the API call's
 * endpoint, the media route, the page's first segment.
 */
export function routeGroup(pathname: string): string {
  if (pathname.startsWith('/_next/')) return 'static';
  if (pathname.startsWith('/api/v2/')) {
    const endpoint = pathname.slice('/api/v2/'.length).split('/')[0] ?? '';
    return /^[a-zA-Z-]{1,40}$/.test(endpoint) ? `api:${endpoint}` : 'api:other';
  }
  if (pathname.startsWith('/api/auth/')) return 'auth';
  if (pathname.startsWith('/api/')) return 'api:other';
  if (pathname === '/') return 'page:home';
  const first = pathname.split('/')[1] ?? '';
  return /^[a-z][a-z-]{0,30}$/.test(first) ? `page:${first}` : 'page:other';
}

/** Records one answered request. */
export function recordRequest(pathname: string, status: number, seconds: number): void {
  const labels = { route: routeGroup(pathname), status: String(status) };
  httpRequests.inc(labels);
  httpRequestDuration.observe(labels, seconds);
}

/** Whether a request may read the metrics: the configured token as a bearer token. */
export function isMetricsRequestAllowed(
  token: string | undefined,
  authorization: string | undefined,
): boolean {
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  const given = Buffer.from(authorization.slice('Bearer '.length));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The metrics in Prometheus's text format, with its content type. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
