/**
 * The soak bench's end: the figures of every kind of request, and the invariants — answers in
 * time, no 5xx, nothing left waiting, the database holding exactly what the people did, a
 * prompt exit on SIGTERM and the same data after a restart.
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@cutroom/core/platform/db/client';
import { percentile } from '../support/site';
import type { Community, RowLog, RowSet } from './community';
import { MESSAGE_SUBJECT } from './people';
import type { Sample } from './traffic';

/** Longest answer time the site may take (docs/soak.md). */
export const ANSWER_LIMIT_MS = 5_000;
/** Longest time between SIGTERM and the server's exit. */
export const EXIT_LIMIT_MS = 10_000;

export interface Invariant {
  name: string;
  ok: boolean;
  /** What was seen: a figure, or the first differences. */
  detail: string;
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : `${Math.round(value)}`);

/** One line a kind of request: counts by class of status, p50/p99/max in ms. */
export function figuresTable(samples: Sample[]): string {
  const kinds = new Map<string, Sample[]>();
  for (const sample of samples) {
    const list = kinds.get(sample.kind) ?? [];
    list.push(sample);
    kinds.set(sample.kind, list);
  }
  const rows = [...kinds.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, list]) => row(kind, list));
  rows.push(row('all', samples));
  const header = [
    'kind',
    'requests',
    '2xx/3xx',
    '4xx',
    '5xx',
    'no answer',
    'p50 ms',
    'p99 ms',
    'max ms',
  ];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function row(kind: string, list: Sample[]): string[] {
  const times = list
    .filter((s) => s.status > 0)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const count = (test: (status: number) => boolean) =>
    String(list.filter((s) => test(s.status)).length);
  return [
    kind,
    String(list.length),
    count((s) => s >= 200 && s < 400),
    count((s) => s >= 400 && s < 500),
    count((s) => s >= 500),
    count((s) => s === 0),
    ms(percentile(times, 50)),
    ms(percentile(times, 99)),
    ms(times.at(-1) ?? NaN),
  ];
}

/** The refusals (4xx) by kind, status and message, the most frequent first. */
export function refusalsTable(samples: Sample[], limit = 25): string {
  const counts = new Map<string, number>();
  for (const sample of samples.filter((s) => s.status >= 400 && s.status < 500)) {
    const key = `${sample.kind}: ${sample.status} ${sample.error ?? ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([key, count]) => `${String(count).padStart(5)}  ${key}`)
    .join('\n');
}

/** The invariants the traffic itself shows. */
export function trafficInvariants(samples: Sample[], inFlight: number): Invariant[] {
  const slow = samples.filter((s) => s.status > 0 && s.ms > ANSWER_LIMIT_MS);
  const unanswered = samples.filter((s) => s.status === 0);
  const failed = samples.filter((s) => s.status >= 500);
  const some = (list: Sample[]) =>
    [...list]
      .sort((a, b) => a.at - b.at)
      .slice(0, 5)
      .map(
        (s) =>
          `${s.kind} ${s.status || ''} ${Math.round(s.ms)} ms${s.error ? ` (${s.error})` : ''}`,
      )
      .join('; ');
  return [
    {
      name: `every request answered within ${ANSWER_LIMIT_MS / 1000} s`,
      ok: slow.length === 0 && unanswered.length === 0,
      detail:
        slow.length + unanswered.length === 0
          ? `slowest ${ms(Math.max(0, ...samples.map((s) => s.ms)))} ms`
          : `${unanswered.length} past the client deadline${unanswered.length ? ` (the first: ${some(unanswered)})` : ''}, ${slow.length} answered late${slow.length ? ` (the first: ${some(slow)})` : ''}`,
    },
    {
      name: 'no answer of 5xx',
      ok: failed.length === 0,
      detail: failed.length === 0 ? '0' : `${failed.length}: ${some(failed)}`,
    },
    {
      name: 'no request left waiting',
      ok: unanswered.length === 0 && inFlight === 0,
      detail:
        unanswered.length === 0 && inFlight === 0
          ? '0'
          : `${unanswered.length} never answered, ${inFlight} still open at the end`,
    },
  ];
}

type Rows = Record<string, unknown>[];

async function query(handle: DatabaseHandle, text: string): Promise<Rows> {
  const result = (await handle.db.execute(sql.raw(text))) as unknown as { rows: Rows };
  return result.rows;
}

/** Rows as `key → value`: the first columns (joined by |) and the last, each named apart. */
async function keyed(handle: DatabaseHandle, columns: string[], from: string) {
  const named = columns.map((column, i) => `${column} as c${i}`).join(', ');
  const map = new Map<string, string>();
  for (const found of await query(handle, `select ${named} from ${from}`)) {
    const cells = columns.map((_, i) => String(found[`c${i}`]));
    const value = cells.pop()!;
    map.set(cells.join('|'), value);
  }
  return map;
}

function compareSet(name: string, expected: RowSet, actual: Map<string, string>): Invariant {
  const problems: string[] = [];
  for (const [key, value] of expected.present) {
    if (expected.uncertain.has(key)) continue;
    if (!actual.has(key)) problems.push(`missing ${key}`);
    else if (actual.get(key) !== value) problems.push(`${key} is ${actual.get(key)}, not ${value}`);
  }
  for (const key of actual.keys()) {
    if (!expected.present.has(key) && !expected.uncertain.has(key)) problems.push(`extra ${key}`);
  }
  return {
    name: `database: ${name}`,
    ok: problems.length === 0,
    detail:
      problems.length === 0
        ? `${actual.size} rows as expected${expected.uncertain.size ? ` (${expected.uncertain.size} unsure)` : ''}`
        : `${problems.length} differences: ${problems.slice(0, 4).join('; ')}`,
  };
}

function compareLog(name: string, expected: RowLog, actual: string[] | number): Invariant {
  const count = typeof actual === 'number' ? actual : actual.length;
  const problems: string[] = [];
  if (typeof actual !== 'number') {
    const have = new Set(actual);
    for (const id of expected.ids) if (!have.has(id)) problems.push(`missing ${id}`);
  }
  if (count < expected.count || count > expected.count + expected.uncertain) {
    problems.push(
      `${count} rows for ${expected.count} done${expected.uncertain ? ` and ${expected.uncertain} unsure` : ''}`,
    );
  }
  return {
    name: `database: ${name}`,
    ok: problems.length === 0,
    detail: problems.length === 0 ? `${count} rows as done` : problems.slice(0, 4).join('; '),
  };
}

/** Opens nothing itself: `handle` is the stopped server's database. */
export async function databaseInvariants(
  handle: DatabaseHandle,
  community: Community,
): Promise<Invariant[]> {
  const { ledger } = community;
  const ids = async (text: string) =>
    (await query(handle, text)).map((r) => String(Object.values(r)[0]));
  const results: Invariant[] = [];

  const accounts = Number((await query(handle, 'select count(*)::int as n from users'))[0]!.n);
  results.push(compareLog('accounts', ledger.accounts, accounts));
  results.push(compareLog('uploads', ledger.uploads, await ids('select id from videos')));
  results.push(
    compareLog('comments and replies', ledger.comments, await ids('select id from comments')),
  );

  // Each comment's state: approved ones published, deleted ones deleted, edits kept, the rest held.
  const comments = new Map(
    (
      await query(
        handle,
        'select id, status, body, deleted_at is not null as deleted from comments',
      )
    ).map((r) => [String(r.id), r as { status: string; body: string; deleted: boolean }]),
  );
  const states: string[] = [];
  for (const [id, seen] of community.comments) {
    const found = comments.get(id);
    if (!found) continue;
    const approved = ledger.approved.present.has(id);
    const unsure = ledger.approved.uncertain.has(id);
    if (approved && found.status !== 'published') states.push(`${id} approved but ${found.status}`);
    if (!approved && !unsure && seen.held && found.status !== 'held' && !seen.deleted) {
      states.push(`${id} never approved but ${found.status}`);
    }
    if (ledger.deleted.present.has(id) && !found.deleted) states.push(`${id} deleted but shown`);
    const edit = ledger.edited.present.get(id);
    if (edit !== undefined && !ledger.edited.uncertain.has(id) && found.body !== edit) {
      states.push(`${id} lost its edit`);
    }
  }
  results.push({
    name: 'database: comment states (held, approved, deleted, edited)',
    ok: states.length === 0,
    detail:
      states.length === 0
        ? `${ledger.approved.present.size} approved, ${ledger.deleted.present.size} deleted, ${ledger.edited.present.size} edited`
        : `${states.length} differences: ${states.slice(0, 4).join('; ')}`,
  });

  const byName = (column: string) => `(select username from users where id = ${column})`;
  results.push(
    compareSet(
      'votes',
      ledger.votes,
      await keyed(handle, [byName('user_id'), 'video_id', 'value'], 'video_votes'),
    ),
    compareSet(
      'favorites',
      ledger.favorites,
      await keyed(handle, [byName('user_id'), 'video_id', '1'], 'video_favorites'),
    ),
    compareSet(
      'subscriptions',
      ledger.subscriptions,
      await keyed(handle, [byName('subscriber_id'), byName('channel_id'), '1'], 'subscriptions'),
    ),
    compareSet(
      'blocks',
      ledger.blocks,
      await keyed(handle, [byName('blocker_id'), byName('blocked_id'), '1'], 'user_blocks'),
    ),
    compareSet(
      'notification settings',
      ledger.notificationSettings,
      await keyed(handle, [byName('user_id'), 'kind', 'email'], 'notification_settings'),
    ),
    compareSet(
      'event votes',
      ledger.eventVotes,
      await keyed(handle, [byName('user_id'), 'entry_id'], 'event_votes'),
    ),
    compareSet(
      'tags',
      ledger.labels,
      await keyed(handle, ['video_id', 'name', '1'], `video_labels where kind = 'tag'`),
    ),
  );
  results.push(
    compareLog(
      'messages',
      ledger.messages,
      await ids(`select id from messages where subject = '${MESSAGE_SUBJECT}'`),
    ),
  );
  results.push(compareLog('reports', ledger.reports, await ids('select id from reports')));
  results.push(compareLog('tickets', ledger.tickets, await ids('select id from tickets')));
  results.push(
    compareLog(
      'ticket posts',
      ledger.ticketPosts,
      Number((await query(handle, 'select count(*)::int as n from ticket_posts'))[0]!.n),
    ),
  );
  results.push(
    compareLog('event entries', ledger.eventEntries, await ids('select id from event_entries')),
  );
  return results;
}
