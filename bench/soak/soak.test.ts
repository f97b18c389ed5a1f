// The short soak of `npm test`: the bench's own run (bench/soak/run.ts) for 30 s on embedded
// PGlite, and on PostgreSQL too when TEST_DATABASE_URL names a server (a database of its own
// is made beside that one and dropped after). Needs the build (`npm run build`) and ffmpeg.
import { expect, test } from 'vitest';
import { runSoak, type SoakOptions } from './run';

const engines: SoakOptions['engine'][] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

// The engines' runs go one after the other: at once, on a slower machine, sign-ups (each a
// password hash) answered past the soak's 5 s limit (5.4 s seen) with the other engine beside.
test.each(engines)(
  'a short simulated day on %s: every request answers in time, none with 5xx, the data stays and the server stops',
  async (engine) => {
    // A smaller community than the bench's own (50 members, 5 staff) keeps the run near a
    // minute an engine; `npm run bench:soak` is the full day.
    const result = await runSoak({
      engine,
      seconds: 30,
      members: 20,
      moderators: 2,
      visitors: 4,
      adminDatabaseUrl: process.env.TEST_DATABASE_URL,
    });
    // The figures, for whoever reads the run's output.
    const lines = result.invariants.map((i) => `${i.ok ? '✓' : '✗'} ${i.name}: ${i.detail}`);
    console.log(
      `${engine}: ${result.requests} requests; ${result.residentMemory}\n${result.table}\n${lines.join('\n')}`,
    );
    expect(result.failed.map((invariant) => `${invariant.name}: ${invariant.detail}`)).toEqual([]);
  },
);
