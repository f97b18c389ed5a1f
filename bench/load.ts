/**
 * npm run bench:load — the production server under 200 connections for 60 s, a mix of what
 * visitors and signed-in members open: errors, non-2xx answers, p50/p99 and requests per second
 * for each kind of page, for visitors, for members and for all.
 *
 * The server runs as `npm start` runs it (embedded PGlite, in-process worker) on port 3610 with
 * its own data folder under /tmp; `--pg` puts it on a fresh PostgreSQL database instead
 * (BENCH_ADMIN_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres). A few test
 * videos are uploaded through the real pipeline first, so pages have something to show.
 * `--duration=SECONDS` and `--connections=N` change the run. Ends non-zero when more than 1 %
 * of the visitors' or of the members' requests failed (errors, timeouts among them, or non-2xx). Needs `npm run build` and ffmpeg.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  createDatabase,
  dropDatabase,
  killEverything,
  percentile,
  signUpMember,
  siteUrl,
  startSite,
  stopProc,
  uploadAndPublish,
  waitForOutcome,
  type Proc,
  loadAverage,
  tinyVideo,
} from './support/site';

const argument = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const DURATION = Math.max(1, Math.min(600, Number(argument('duration') ?? 60)));
const CONNECTIONS = Math.max(16, Math.min(1000, Number(argument('connections') ?? 200)));
const USE_PG = process.argv.includes('--pg');
const PORT = 3610;
/** Visitors hold this share of the connections, members the rest. */
const VISITOR_SHARE = 0.6;
const FAILURE_LIMIT = 0.01;

interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
  ): void;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  headers?: Record<string, string>;
}) => AutocannonInstance;

interface Kind {
  name: string;
  member: boolean;
  path: string;
}

const scratch = mkdtempSync(join(tmpdir(), 'cutroom-load-'));
const databaseName = `cutroom_load_${process.pid}`;
let site: Proc | null = null;

async function cleanUp() {
  if (site) await stopProc(site);
  killEverything();
  if (USE_PG) await dropDatabase(databaseName).catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

const load = loadAverage;

let exitCode = 0;
try {
  const dataDir = join(scratch, 'data');
  const databaseUrl = USE_PG ? await createDatabase(databaseName) : undefined;
  const url = siteUrl(PORT);
  site = await startSite({ port: PORT, dataDir, databaseUrl });
  console.log(`Site ${url} (${USE_PG ? 'PostgreSQL server' : 'embedded PGlite'}), preparing ...`);
  const members = [
    await signUpMember(url, dataDir, 'load'),
    await signUpMember(url, dataDir, 'load'),
  ];
  const bytes = tinyVideo(scratch);
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const member = members[i % 2]!;
    const id = await uploadAndPublish(url, member, bytes, `Load test pattern ${i + 1}`);
    const outcome = await waitForOutcome(url, member, id, 180_000);
    if (outcome.state.state !== 'published') throw new Error(`video ${id} did not publish`);
    ids.push(id);
  }
  let slug = 'load-test-pattern-1';
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    slug = (await pool.query<{ slug: string }>('select slug from videos where id = $1', [ids[0]]))
      .rows[0]!.slug;
    await pool.end();
  }
  const videoPath = `/video/${slug}_${ids[0]}`;
  const kinds: Kind[] = [
    { name: 'visitor home /', member: false, path: '/' },
    { name: 'visitor video page', member: false, path: videoPath },
    { name: 'visitor category', member: false, path: '/category/other' },
    { name: 'visitor search', member: false, path: '/search?q=pattern' },
    { name: 'member home /', member: true, path: '/' },
    { name: 'member video page', member: true, path: videoPath },
    { name: 'member inbox', member: true, path: '/inbox' },
    // Opened by the second session (member kinds alternate): another member's profile.
    { name: 'member profile page', member: true, path: `/profile/${members[0]!.username}` },
  ];
  // Each page answers 2xx before the run, and a member's page is really a member's.
  const visitorKinds = kinds.filter((kind) => !kind.member);
  const memberKinds = kinds.filter((kind) => kind.member);
  const sessionOf = (kind: Kind) => members[memberKinds.indexOf(kind) % 2]!;
  for (const kind of kinds) {
    const member = kind.member ? sessionOf(kind) : null;
    const response = await fetch(`${url}${kind.path}`, {
      headers: member ? { cookie: member.cookie } : {},
      redirect: 'manual',
    });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${kind.path} answered ${response.status}`);
    if (member && !body.includes(member.username)) {
      throw new Error(`${kind.name}: the page does not show the signed-in member`);
    }
  }
  const visitorConnections = Math.round(CONNECTIONS * VISITOR_SHARE);
  const share = (total: number, count: number, index: number) =>
    Math.floor(total / count) + (index < total % count ? 1 : 0);
  console.log(
    `\n${CONNECTIONS} connections for ${DURATION} s: ${visitorConnections} visitors over ` +
      `${visitorKinds.length} pages, ${CONNECTIONS - visitorConnections} signed-in members ` +
      `(two sessions) over ${memberKinds.length}; load average ${load()} on ${cpus().length} cores`,
  );
  const latencies = new Map<string, number[]>();
  const runs = kinds.map((kind) => {
    const group = kind.member ? memberKinds : visitorKinds;
    const index = group.indexOf(kind);
    const connections = share(
      kind.member ? CONNECTIONS - visitorConnections : visitorConnections,
      group.length,
      index,
    );
    const times: number[] = [];
    latencies.set(kind.name, times);
    const instance = autocannon({
      url: `${url}${kind.path}`,
      connections,
      duration: DURATION,
      timeout: 10,
      headers: kind.member ? { cookie: sessionOf(kind).cookie } : {},
    });
    instance.on('response', (_client, _status, _bytes, ms) => {
      if (times.length < 2_000_000) times.push(ms);
    });
    return Promise.resolve(instance).then((result) => ({ kind, connections, result, times }));
  });
  const results = await Promise.all(runs);
  console.log(`Load average after: ${load()}\n`);
  const row = (
    name: string,
    connections: number,
    requests: number,
    seconds: number,
    times: number[],
    failures: { errors: number; timeouts: number; non2xx: number },
  ) => {
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(20)} ${String(connections).padStart(5)} ${String(requests).padStart(9)} ` +
        `${(requests / seconds).toFixed(0).padStart(7)} ${percentile(sorted, 50).toFixed(0).padStart(7)} ` +
        `${percentile(sorted, 99).toFixed(0).padStart(7)} ${String(failures.errors).padStart(7)} ` +
        `${String(failures.timeouts).padStart(8)} ${String(failures.non2xx).padStart(7)}`,
    );
  };
  console.log(
    `  ${'page'.padEnd(20)} ${'conns'.padStart(5)} ${'requests'.padStart(9)} ${'req/s'.padStart(7)} ` +
      `${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'timeouts'.padStart(8)} ${'non-2xx'.padStart(7)}`,
  );
  for (const { kind, connections, result, times } of results) {
    row(kind.name, connections, result.requests.total, result.duration, times, result);
  }
  console.log('');
  const overLimit: string[] = [];
  const summaries: string[] = [];
  for (const [name, filter] of [
    ['all visitors', (kind: Kind) => !kind.member],
    ['all members', (kind: Kind) => kind.member],
    ['everything', () => true],
  ] as const) {
    const mine = results.filter((r) => filter(r.kind));
    const sum = (pick: (r: AutocannonResult) => number) =>
      mine.reduce((a, r) => a + pick(r.result), 0);
    const failures = {
      errors: sum((r) => r.errors),
      timeouts: sum((r) => r.timeouts),
      non2xx: sum((r) => r.non2xx),
    };
    const requests = sum((r) => r.requests.total);
    const seconds = Math.max(...mine.map((r) => r.result.duration));
    row(
      name,
      mine.reduce((a, r) => a + r.connections, 0),
      requests,
      seconds,
      mine.flatMap((r) => r.times),
      failures,
    );
    // autocannon counts timeouts among the errors. A request cut off by the timeout never
    // reached `requests`, so it counts in both the failed and the whole.
    const failed = failures.errors + failures.non2xx;
    const attempted = requests + failures.timeouts;
    const rate = attempted === 0 ? 1 : failed / attempted;
    summaries.push(
      `${name}: ${failed} of ${attempted} requests failed (${(rate * 100).toFixed(2)} %)`,
    );
    if (name !== 'everything' && rate > FAILURE_LIMIT) overLimit.push(name);
  }
  console.log(`\n${summaries.join('\n')}`);
  console.log(
    overLimit.length === 0
      ? `Within the limit of ${FAILURE_LIMIT * 100} % failed for visitors and for members.`
      : `Over the limit of ${FAILURE_LIMIT * 100} % failed: ${overLimit.join(', ')}.`,
  );
  if (overLimit.length > 0) exitCode = 1;
  // The site still answers after the load.
  const after = await fetch(`${url}/`, { headers: { cookie: members[0]!.cookie } });
  if (!after.ok) {
    console.log(`After the run a member's / answered ${after.status}`);
    exitCode = 1;
  }
} catch (error) {
  console.error('\nThe benchmark itself failed:', error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
