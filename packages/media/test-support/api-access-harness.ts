// Test support: a database with one of every kind of caller and the media services, for the
// tests generated from the list of API endpoints.
import { existsSync, mkdtempSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { disableAccount } from '@cutroom/core/features/accounts/auth/roles.service';
import { resolveActor } from '@cutroom/core/features/accounts/auth/session.service';
import { createAuthHarness } from '@cutroom/core/test-support/accounts/auth-harness';
import type {
  Actor,
  Endpoint,
  EndpointAccess,
  RequestContext,
} from '@cutroom/core/kernel/endpoint';
import { queryRows } from '@cutroom/core/features/discovery/browse/query-rows';
import type { Database, DatabaseHandle } from '@cutroom/core/platform/db/client';
import {
  transcodeDeadLetterJob,
  transcodeVideoJob,
} from '@cutroom/core/platform/jobs/job-definitions';
import { JobQueue } from '@cutroom/core/platform/jobs/job-queue';
import { LocalStorage } from '@cutroom/core/platform/storage/local-storage';
import { createUser } from '@cutroom/core/test-support/factories';
import { createTestContext } from '@cutroom/core/test-support/test-context';
import type { UploadedFiles } from '@cutroom/core/platform/uploads/uploaded-files';
import { InProcessEvents } from '@cutroom/core/platform/events/processing-events';
import { apiEndpoints } from '../src/api-endpoints';
import { heldStaffActionJob } from '@cutroom/core/features/moderation/staff/held-actions.service';

/** Everyone the matrix asks about. */
export const CALLERS = [
  'visitor',
  'unverified',
  'member',
  'another member',
  'supporter',
  'tagger',
  'partner',
  'moderator',
  'admin',
  'disabled',
] as const;
export type Caller = (typeof CALLERS)[number];

/** One call of the API: an endpoint, and the mode for endpoints with modes. */
export interface ApiCall {
  endpoint: Endpoint;
  mode?: string;
  access: EndpointAccess;
  /** `/api/v2/videoInput#ChangeVideo`. */
  name: string;
}

/** Every call of every endpoint, generated from their declarations. */
export function listApiCalls(): ApiCall[] {
  return apiEndpoints.flatMap((endpoint): ApiCall[] =>
    endpoint.modes
      ? Object.entries(endpoint.modes).map(([mode, access]) => ({
          endpoint,
          mode,
          access,
          name: `${endpoint.path}#${mode}`,
        }))
      : [{ endpoint, access: endpoint, name: endpoint.path }],
  );
}

/**
 * One account of each kind, signed in through the real auth handler and turned into the
 * request's actor the way the web server does it (`resolveActor`): the unverified account
 * cannot sign in and the disabled one lost its sessions, so both reach the API as nobody.
 */
export async function createCallers(handle: DatabaseHandle) {
  const { db } = handle;
  const harness = await createAuthHarness(db, {
    settings: { rateLimit: { ...disabledRateLimit } },
  });
  let ip = 1;
  async function signedIn(options: Parameters<typeof createUser>[1]) {
    const { user, password } = await createUser(db, options);
    const { cookie } = await harness.signIn(user.email, password, `192.0.2.${ip++}`);
    return { user, cookie };
  }
  const actorFor = async (cookie: string | null): Promise<Actor | null> =>
    cookie ? resolveActor(harness.auth, db, new Headers({ cookie })) : null;

  const member = await signedIn({});
  const another = await signedIn({});
  const supporter = await signedIn({ isSupporter: true });
  const tagger = await signedIn({ role: 'tagger' });
  const partner = await signedIn({ role: 'partner' });
  const moderator = await signedIn({ role: 'moderator' });
  const admin = await signedIn({ role: 'admin,moderator' });
  const unverified = await createUser(db, { emailVerified: false });
  const unverifiedSignIn = await harness.signIn(
    unverified.user.email,
    unverified.password,
    '192.0.2.200',
  );
  const disabled = await signedIn({});
  await disableAccount({ db, now: () => new Date() }, disabled.user.email);

  const actors: Record<Caller, Actor | null> = {
    visitor: null,
    unverified: await actorFor(unverifiedSignIn.cookie || null),
    member: await actorFor(member.cookie),
    'another member': await actorFor(another.cookie),
    supporter: await actorFor(supporter.cookie),
    tagger: await actorFor(tagger.cookie),
    partner: await actorFor(partner.cookie),
    moderator: await actorFor(moderator.cookie),
    admin: await actorFor(admin.cookie),
    disabled: await actorFor(disabled.cookie),
  };
  return {
    actors,
    users: { member: member.user, another: another.user },
    accounts: harness.accounts,
  };
}

const disabledRateLimit = {
  enabled: false,
  signInMax: 1000,
  signInWindowSeconds: 60,
  mailMax: 1000,
  registerMax: 1000,
};

/** Storage, queue, events and uploads in a scratch folder, as the web server has them. */
export async function createMediaServices(handle: DatabaseHandle) {
  const work = mkdtempSync(join(tmpdir(), 'cutroom-api-access-'));
  const storage = new LocalStorage({ root: join(work, 'media'), publicBaseUrl: '/media' });
  const queue = await JobQueue.start(handle, [
    transcodeDeadLetterJob,
    transcodeVideoJob,
    heldStaffActionJob,
  ]);
  const uploads: UploadedFiles = {
    async find(id) {
      const path = join(work, 'uploads', id);
      if (!/^[a-f0-9]{32}$/.test(id) || !existsSync(path)) return null;
      const { size } = await stat(path);
      return { id, ownerId: null, path, size, offset: size };
    },
    async remove(id) {
      await rm(join(work, 'uploads', id), { force: true });
    },
  };
  afterAll(async () => {
    await queue.stop({ graceful: false });
    await rm(work, { recursive: true, force: true });
  });
  return { storage, queue, events: new InProcessEvents(), uploads };
}

export const contextFor = (
  db: Database,
  actor: Actor | null,
  media: RequestContext['media'],
  ip: string,
  accounts?: RequestContext['accounts'],
): RequestContext => ({ ...createTestContext(db, { actor, ip }), media, accounts });

/** The fingerprint query made into a function once per database (see below). */
const fingerprintFunctions = new WeakMap<Database, Promise<unknown>>();

/**
 * A fingerprint of every table's rows, to prove that a refused request changed nothing.
 * Counters of attempts (rate limits) are bookkeeping, not changes, and are left out.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  let ready = fingerprintFunctions.get(db);
  if (!ready) {
    ready = createFingerprintFunction(db);
    fingerprintFunctions.set(db, ready);
  }
  await ready;
  const rows = await queryRows<{ name: string; print: string }>(
    db,
    sql`select name, print from cutroom_test_fingerprint()`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.print]));
}

/**
 * The next transaction id the database will hand out. A transaction is given one only when it
 * writes a row (reading never does, and this query does not): the same number before and after
 * a call proves the call wrote nothing, without reading every table.
 */
export async function nextTransactionId(db: Database): Promise<string> {
  const [row] = await queryRows<{ next: string }>(
    db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`,
  );
  return row!.next;
}

/**
 * One query for every table, in a PL/pgSQL function: its plan is made once per connection
 * instead of on every call (planning the union of every table was most of the bad-input
 * walk's time, which takes a fingerprint after each refusal). The tables are listed when the
 * function is made; its first row, the list of tables now, would show one made or dropped.
 */
async function createFingerprintFunction(db: Database) {
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'rate_limits' order by tablename`,
  );
  const query = [
    `select '(tables)' as name, string_agg(tablename, ',' order by tablename) as print from pg_tables where schemaname = 'public' and tablename <> 'rate_limits'`,
    ...tables.map(
      ({ tablename }) =>
        `select '${tablename}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as print from "${tablename}" t`,
    ),
  ].join(' union all ');
  await queryRows(
    db,
    sql.raw(
      `create or replace function cutroom_test_fingerprint() returns table (name text, print text) language plpgsql stable as $fingerprint$ begin return query ${query}; end $fingerprint$`,
    ),
  );
}
