// The short soak of `npm test`: the bench's own run (bench/soak/run.ts) for 45 s on embedded
// PGlite, and on PostgreSQL too when TEST_DATABASE_URL names a server (a database of its own
// is made beside that one and dropped after). Needs the build (`npm run build`) and ffmpeg.
import { describe, expect, test } from 'vitest';
import { runSoak, type SoakOptions } from './run';

const engines: SoakOptions['engine'][] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

describe.each(engines)('a short simulated day of the site on %s', (engine) => {
  test('every request answers in time, none with 5xx, the data stays and the server stops', async () => {
    const result = await runSoak({
      engine,
      seconds: 45,
      adminDatabaseUrl: process.env.TEST_DATABASE_URL,
    });
    // The figures, for whoever reads the run's output.
    const lines = result.invariants.map((i) => `${i.ok ? '✓' : '✗'} ${i.name}: ${i.detail}`);
    console.log(`${engine}: ${result.requests} requests\n${result.table}\n${lines.join('\n')}`);
    expect(result.failed.map((invariant) => `${invariant.name}: ${invariant.detail}`)).toEqual([]);
  });
});
