/**
 * One soak run: a production server of its own (embedded PGlite, or a fresh PostgreSQL
 * database), a community signed up through the API, everyone acting at once for the run's
 * time, then the checks: traffic, the stopped server's database, SIGTERM, and a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@cutroom/core/platform/db/client';
import { freePort } from '@cutroom/core/test-support/free-port';
import {
  createDatabase,
  dropDatabase,
  signUpMember,
  siteUrl,
  startSite,
  tinyVideo,
  uploadAndPublish,
  waitForOutcome,
  type Proc,
} from '../support/site';
import {
  EXIT_LIMIT_MS,
  databaseInvariants,
  figuresTable,
  refusalsTable,
  trafficInvariants,
  type Invariant,
} from './checks';
import { Community, seeded, type Person, type Role } from './community';
import { sampleResidentMemory } from '../support/resident-memory';
import { member, putBack, staff, visitor, type Run } from './people';
import { Traffic, type Answer } from './traffic';

export interface SoakOptions {
  engine: 'pglite' | 'postgres';
  /** How long everyone acts, after the community is set up. */
  seconds: number;
  members?: number;
  /** Staff besides the admin: moderators (one of them also a tagger). */
  moderators?: number;
  visitors?: number;
  seed?: number;
  /**
   * How many times as often each person acts as at the soak's own pace (a 2–7 s pause): 3
   * plays three minutes of the community's traffic in each minute (`--day`).
   */
  pace?: number;
  /**
   * For `postgres`: a database on the server to make the run's own database from (it is
   * dropped after); BENCH_ADMIN_DATABASE_URL's by default.
   */
  adminDatabaseUrl?: string;
  /** Progress lines (the CLI prints them; the test keeps quiet). */
  log?: (line: string) => void;
}

export interface SoakResult {
  engine: SoakOptions['engine'];
  table: string;
  /** The 4xx answers by kind and message (expected ones: a repeated vote, a disabled member…). */
  refusals: string;
  invariants: Invariant[];
  failed: Invariant[];
  requests: number;
  /** The server's resident memory at start, at its peak and at the end of the traffic. */
  residentMemory: string;
  /** Where it went at the end, from the server's /metrics (docs/operations.md, Memory). */
  memorySplit: string;
  people: { members: number; staff: number; visitors: number };
}

/** The client's deadline for one request: far above the 5 s an answer may take. */
const CLIENT_DEADLINE_MS = 15_000;

const SOAK_METRICS_TOKEN = 'the-soak-reads-its-server-metrics';

/** Every client speaks from 127.0.0.1: the per-address limits would soon refuse the crowd. */
const SITE_ENV = {
  RATE_LIMIT_SIGN_IN_MAX: '10000',
  RATE_LIMIT_REGISTER_MAX: '10000',
  RATE_LIMIT_MAIL_MAX: '10000',
  LOG_LEVEL: 'error',
  METRICS_TOKEN: SOAK_METRICS_TOKEN,
};

/**
 * The series of /metrics that say where the server's memory went (docs/operations.md, Memory),
 * printed at the end of the traffic in megabytes (entries for the caches' counts).
 */
async function memorySplit(url: string): Promise<string> {
  const scrape = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${SOAK_METRICS_TOKEN}` },
    signal: AbortSignal.timeout(CLIENT_DEADLINE_MS),
  }).then((answer) => answer.text());
  const parts: string[] = [];
  for (const [, name, labels, value] of scrape.matchAll(
    /^(process_resident_memory_bytes|nodejs_heap_size_used_bytes|nodejs_heap_size_total_bytes|nodejs_external_memory_bytes|cutroom_pglite_memory_bytes|cutroom_page_cache_bytes|cutroom_cache_entries)(\{[^}]*\})? (\S+)$/gm,
  )) {
    const figure = name!.endsWith('_bytes')
      ? `${Math.round(Number(value) / 1024 ** 2)} MB`
      : `${Number(value)} entries`;
    parts.push(`${name}${labels ?? ''} ${figure}`);
  }
  return `where the memory went at the end: ${parts.join(', ')}`;
}

/** Runs `work` on `items`, `width` at a time. */
async function inTurn<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** SIGTERM; answers the ms until it exited, SIGKILL after the limit (then more than it). */
async function stopTimed(proc: Proc): Promise<number> {
  const started = performance.now();
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return 0;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), EXIT_LIMIT_MS + 1_000);
  await proc.exited;
  clearTimeout(timer);
  return performance.now() - started;
}

/**
 * What members and visitors can see through the API: the same before and after a restart.
 * Null when the site stopped answering (the traffic's invariants say so already).
 */
async function snapshot(traffic: Traffic, community: Community, admin: Person) {
  const seen: Record<string, string> = {};
  let silent = false;
  const ask = async <T>(kind: string, json: unknown, path: string, cookie?: string) => {
    const answer = silent
      ? null
      : await traffic.request<T>(`after: ${kind}`, path, { json, cookie });
    if (answer && !answer.answered) silent = true;
    return answer;
  };
  await inTurn(community.people, 4, async (person) => {
    const profile = await ask<{ data?: Record<string, unknown> }>(
      'profile',
      { mode: 'LoadProfile', username: person.username },
      '/api/v2/profileInput',
    );
    const data = profile?.body.data ?? {};
    seen[`profile ${person.username}`] = [
      profile?.status,
      data.videosLength,
      data.favoritesLength,
      data.friendsLength,
      data.subscriptionsLength,
      data.subscribersLength,
    ].join(' ');
  });
  await inTurn(community.videos, 4, async (video) => {
    const list = await ask<{ totalCount?: number }>(
      'comments',
      { mode: 'List', videoId: video.id },
      '/api/v2/comments',
    );
    seen[`comments of ${video.id}`] = `${list?.status} ${list?.body.totalCount}`;
  });
  // Signed in: visitors' listings may come from the page cache, which a restart empties.
  const newest = await ask<{ data?: Record<string, unknown>[] }>(
    'videos',
    { index: 0 },
    '/api/getmorevideos',
    admin.cookie,
  );
  for (const video of newest?.body.data ?? []) {
    seen[`video ${String(video._id)}`] = `${video.upvotes} up ${video.downvotes} down`;
  }
  const held = await ask<{ count?: number }>(
    'held',
    { mode: 'StaffList', status: 'held', index: 0 },
    '/api/v2/comments',
    admin.cookie,
  );
  seen.held = `${held?.status} ${held?.body.count}`;
  return silent ? null : seen;
}

function compareSnapshots(
  before: Record<string, string> | null,
  after: Record<string, string> | null,
) {
  if (!before) return ['the site did not answer before it was stopped'];
  if (!after) return ['the restarted site did not answer'];
  const differences = Object.keys(before)
    .filter((key) => before[key] !== after[key])
    .map((key) => `${key}: ${String(before[key])} then ${String(after[key])}`);
  return differences;
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const log = options.log ?? (() => undefined);
  const memberCount = options.members ?? 50;
  const moderatorCount = options.moderators ?? 4;
  const visitorCount = options.visitors ?? 8;
  const seed = options.seed ?? 28;
  const work = mkdtempSync(join(tmpdir(), 'cutroom-soak-'));
  const dataDir = join(work, 'data');
  const databaseName = `cutroom_soak_${process.pid}_${Date.now().toString(36)}`;
  const invariants: Invariant[] = [];
  let site: Proc | null = null;
  const traffic = { current: null as Traffic | null };
  try {
    const databaseUrl =
      options.engine === 'postgres'
        ? await createDatabase(databaseName, options.adminDatabaseUrl)
        : undefined;
    const port = await freePort();
    const url = siteUrl(port);
    const adminName = `soakadmin${process.pid}${Date.now().toString(36)}`;
    const adminEmails = [1, 2, 3].map(
      (n) => `${n === 1 ? adminName : `${adminName}x${n - 1}`}@example.test`,
    );
    const env = { ...SITE_ENV, ADMIN_EMAILS: adminEmails.join(',') };
    log(`${options.engine}: starting the server on ${url}`);
    site = await startSite({ port, dataDir, databaseUrl, env, readyWithinMs: 300_000 });
    const memory = sampleResidentMemory(site.child.pid);
    const t = new Traffic(url, CLIENT_DEADLINE_MS);
    traffic.current = t;
    const community = new Community(seeded(seed));
    const { ledger } = community;
    const made: Answer<unknown> = { status: 201, answered: true, body: {}, headers: new Headers() };

    // The community: an admin (ADMIN_EMAILS), moderators made by the admin, members.
    log(`signing up 1 admin, ${moderatorCount} moderators and ${memberCount} members`);
    const signUp = async (role: Role, base?: string): Promise<Person> => {
      let account;
      let name = base;
      for (let attempt = 1; !account; attempt += 1) {
        try {
          account = await signUpMember(url, dataDir, 'soak', t.fetcher('register'), name);
        } catch (error) {
          // Recorded (a refusal, or no answer in time: the traffic's invariants name it); the
          // account may exist or not. Once more with a new name, so the day still happens.
          ledger.accounts.uncertain += 1;
          if (attempt === 3) throw error;
          name = base && `${base}x${attempt}`;
        }
      }
      ledger.accounts.add(made);
      const person: Person = { ...account, role, videos: [], processing: [], disabled: false };
      community.people.push(person);
      return person;
    };
    const admin = await signUp('admin', adminName);
    const roles: Role[] = [
      ...Array<Role>(moderatorCount).fill('moderator'),
      ...Array<Role>(memberCount).fill('member'),
    ];
    await inTurn(roles, 3, async (role) => void (await signUp(role)));
    const moderators = community.people.filter((p) => p.role === 'moderator');
    for (const [index, moderator] of moderators.entries()) {
      const found = await t.request<{ data?: { id: string; username: string }[] }>(
        'staff: members',
        '/api/v2/admin',
        { cookie: admin.cookie, json: { mode: 'LoadMembers', query: moderator.username } },
      );
      moderator.id = found.body.data?.find((r) => r.username === moderator.username)?.id;
      const granted = await t.request('admin: set roles', '/api/v2/admin', {
        cookie: admin.cookie,
        json: {
          mode: 'SetMemberRoles',
          userId: moderator.id ?? '',
          roles: index === 0 ? ['moderator', 'tagger'] : ['moderator'],
        },
      });
      if (granted.status !== 200) throw new Error(`SetMemberRoles answered ${granted.status}`);
    }

    // An event open for entries and votes, and a few clips published to start with.
    const now = Date.now();
    const event = await t.request<{ slug?: string }>('admin: create event', '/api/v2/events', {
      cookie: admin.cookie,
      json: {
        mode: 'Create',
        slug: 'soak-cup',
        title: 'Soak Cup',
        maxEntriesPerMember: 3,
        entriesOpenAt: new Date(now - 60_000).toISOString(),
        entriesCloseAt: new Date(now + 86_400_000).toISOString(),
        votingOpenAt: new Date(now - 60_000).toISOString(),
        votingCloseAt: new Date(now + 2 * 86_400_000).toISOString(),
      },
    });
    if (event.status !== 201) throw new Error(`creating the event answered ${event.status}`);
    community.event = { slug: 'soak-cup', entries: [] };
    const uploaders = community.members().slice(0, 4);
    // A clip of its own for each upload (the same clip by two members would be held as a copy).
    const pace = options.pace ?? 1;
    const maxUploads = Math.max(2, Math.round((options.seconds * pace) / 30));
    const clips = Array.from({ length: uploaders.length + maxUploads }, (_, index) =>
      tinyVideo(work, seed * 100 + index),
    );
    log(`uploading ${uploaders.length} clips and waiting for them to be published`);
    await Promise.all(
      uploaders.map(async (uploader, index) => {
        const id = await uploadAndPublish(
          url,
          uploader,
          clips[index]!,
          `Soak clip ${index + 1}`,
          t.fetcher('upload'),
        );
        ledger.uploads.add(made, id);
        const outcome = await waitForOutcome(
          url,
          uploader,
          id,
          180_000,
          t.fetcher('setup: processing'),
        );
        if (outcome.state.state !== 'published') {
          throw new Error(`clip ${id} was not published: ${JSON.stringify(outcome.state)}`);
        }
        uploader.videos.push(id);
        community.videos.push({ id, owner: uploader.username });
        const entered = await t.request<{ entryId?: number }>('event entry', '/api/v2/events', {
          cookie: uploader.cookie,
          json: { mode: 'Enter', slug: 'soak-cup', videoId: id },
        });
        ledger.eventEntries.add(entered, entered.body.entryId);
        if (entered.body.entryId) {
          community.event!.entries.push({
            entryId: entered.body.entryId,
            owner: uploader.username,
          });
        }
      }),
    );

    // Everyone at once.
    const setupRequests = t.samples.length;
    log(
      `${options.seconds} s of ${memberCount} members, ${moderatorCount + 1} staff and ${visitorCount} visitors${pace === 1 ? '' : `, each acting ${pace} times as often`}`,
    );
    const run: Run = {
      traffic: t,
      community,
      baseUrl: url,
      dataDir,
      clips: clips.slice(uploaders.length),
      until: performance.now() + options.seconds * 1000,
      // A person acts every few seconds: busy, but a pace the 2-core machine can serve.
      think: [2_000 / pace, 7_000 / pace],
      maxUploads,
      maxJoiners: Math.max(2, Math.round((options.seconds * pace) / 10)),
      counts: { uploads: 0, joiners: 0 },
    };
    const loops: Promise<void>[] = [];
    for (const person of community.people) {
      loops.push(person.role === 'member' ? member(run, person) : staff(run, person));
    }
    for (let i = 0; i < visitorCount; i += 1) {
      loops.push(
        visitor(run, (joined) => {
          community.people.push(joined);
          loops.push(member(run, joined));
        }),
      );
    }
    const progress = setInterval(
      () => log(`  ${t.samples.length - setupRequests} requests, ${t.inFlight.size} open`),
      15_000,
    );
    for (let settled = 0; settled < loops.length;) {
      const count = loops.length;
      await Promise.all(loops.slice(settled));
      settled = count;
    }
    clearInterval(progress);
    await putBack(run, admin);
    // Clips still processing are waited for (a bounded while), so the restart sees the same.
    const waitUntil = performance.now() + 60_000;
    for (const person of community.people) {
      for (const id of person.processing.splice(0)) {
        const left = Math.max(0, waitUntil - performance.now());
        const outcome = await waitForOutcome(url, person, id, left, t.fetcher('after: processing'));
        if (outcome.state.state === 'published') {
          community.videos.push({ id, owner: person.username });
        }
      }
    }
    log(`traffic done: ${t.samples.length} requests; checking`);
    invariants.push(...trafficInvariants(t.samples, t.inFlight.size));

    // The restart compares what the API shows; the database is read with the server stopped.
    const before = await snapshot(t, community, admin);
    const residentMemory = memory.stop().line;
    log(residentMemory);
    const split = await memorySplit(url).catch((error: unknown) => `/metrics: ${String(error)}`);
    log(split);
    const firstExit = await stopTimed(site);
    invariants.push({
      name: `SIGTERM: the server exits within ${EXIT_LIMIT_MS / 1000} s`,
      ok: firstExit <= EXIT_LIMIT_MS,
      detail: `${(firstExit / 1000).toFixed(1)} s`,
    });
    const handle = await openDatabase(
      databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir, 'db') },
    );
    try {
      invariants.push(...(await databaseInvariants(handle, community)));
    } finally {
      await handle.close();
    }
    log('restarting on the same data');
    site = await startSite({ port, dataDir, databaseUrl, env, readyWithinMs: 300_000 });
    const after = await snapshot(t, community, admin);
    const differences = compareSnapshots(before, after);
    invariants.push({
      name: 'a restart on the same data shows the same data',
      ok: differences.length === 0,
      detail:
        differences.length === 0
          ? `${Object.keys(before ?? {}).length} answers the same`
          : `${differences.length} differ: ${differences.slice(0, 3).join('; ')}`,
    });
    const secondExit = await stopTimed(site);
    site = null;
    invariants.push({
      name: `SIGTERM after the restart: exits within ${EXIT_LIMIT_MS / 1000} s`,
      ok: secondExit <= EXIT_LIMIT_MS,
      detail: `${(secondExit / 1000).toFixed(1)} s`,
    });
    invariants.push({
      name: 'the bench did its work',
      ok: community.troubles.length === 0,
      detail:
        community.troubles.length === 0
          ? `${community.videos.length} videos, ${community.comments.size} comments, ${community.people.length} accounts, ${community.immediateReplyApprovals} replies approved for a member taking e-mails at once`
          : community.troubles.slice(0, 3).join('; '),
    });
    return {
      engine: options.engine,
      table: figuresTable(t.samples),
      refusals: refusalsTable(t.samples),
      invariants,
      failed: invariants.filter((i) => !i.ok),
      requests: t.samples.length,
      residentMemory,
      memorySplit: split,
      people: {
        members: community.members().length,
        staff: moderatorCount + 1,
        visitors: visitorCount,
      },
    };
  } finally {
    if (site) {
      site.child.kill('SIGKILL');
      await site.exited;
    }
    if (options.engine === 'postgres') {
      await dropDatabase(databaseName, options.adminDatabaseUrl).catch(() => undefined);
    }
    rmSync(work, { recursive: true, force: true });
  }
}
