/**
 * npm run bench:soak — a simulated day of the site (docs/soak.md): a community of 50 members,
 * 5 staff (an admin and four moderators) and a stream of visitors doing everything the site
 * offers at once, through its HTTP API and pages, against the production server
 * (apps/web/server.ts on the `npm run build` output) with its own data folder. Every request
 * has a client deadline of 15 s and is recorded with its kind, status and time.
 *
 * At the end it prints requests and p50/p99 per kind, and checks: every request answered
 * within 5 s, no 5xx, no request left waiting, the database (opened directly once the server
 * stopped) holding exactly what the people did, SIGTERM ending the server within 10 s, and a
 * restart on the same data showing the same data. Ends non-zero naming each invariant that
 * failed.
 *
 * `--minutes=N` or `--seconds=N` (default 2 minutes), `--pg` for a fresh PostgreSQL database
 * (BENCH_ADMIN_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; dropped
 * after) instead of embedded PGlite, `--both` for one run on each, `--members=N`,
 * `--visitors=N`, `--seed=N`, `--pace=N` (each person acts N times as often: N minutes of the
 * community's traffic in each minute). `--day`: a day of the community in which each person
 * spends an hour on the site, compressed into 20 minutes (`--minutes=20 --pace=3` unless given).
 * Traffic goes to 127.0.0.1 only. Needs the build and ffmpeg.
 */
import { killEverything, loadAverage } from './support/site';
import { runSoak, type SoakOptions, type SoakResult } from './soak/run';

const argument = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const number = (name: string, fallback: number, low: number, high: number) => {
  const value = Number(argument(name) ?? fallback);
  if (!Number.isFinite(value)) throw new Error(`--${name} is a number`);
  return Math.max(low, Math.min(high, value));
};

const isDay = process.argv.includes('--day');
const seconds = argument('seconds')
  ? number('seconds', 120, 10, 3 * 3600)
  : number('minutes', isDay ? 20 : 2, 0.2, 180) * 60;
const pace = number('pace', isDay ? 3 : 1, 0.1, 10);
const engines: SoakOptions['engine'][] = process.argv.includes('--both')
  ? ['pglite', 'postgres']
  : process.argv.includes('--pg')
    ? ['postgres']
    : ['pglite'];

process.once('SIGINT', () => {
  killEverything();
  process.exit(130);
});

console.log(
  `Soak: ${Math.round(seconds)} s${pace === 1 ? '' : ` at ${pace} times the pace (${Math.round((seconds * pace) / 60)} minutes of traffic)`} on ${engines.join(' and ')}; load average ${loadAverage()} (a shared machine: times are noisy)`,
);
const results: SoakResult[] = [];
let crashed = false;
for (const engine of engines) {
  try {
    const result = await runSoak({
      engine,
      seconds,
      members: number('members', 50, 2, 500),
      visitors: number('visitors', 8, 0, 200),
      seed: number('seed', 28, 0, 2 ** 31),
      pace,
      log: (line) => console.log(line),
    });
    results.push(result);
    console.log(
      `\n${engine}: ${result.requests} requests; ${result.residentMemory}\n${result.memorySplit}\n${result.table}\n`,
    );
    console.log(`Refusals (4xx) by kind:\n${result.refusals || '  none'}\n`);
    for (const invariant of result.invariants) {
      console.log(`${invariant.ok ? '✓' : '✗'} ${invariant.name}: ${invariant.detail}`);
    }
  } catch (error) {
    crashed = true;
    console.error(`✗ ${engine}: the run stopped: ${(error as Error).stack ?? String(error)}`);
  }
}
const failed = results.flatMap((r) => r.failed.map((i) => `${r.engine}: ${i.name}`));
if (failed.length > 0) {
  console.log(`\nFailed invariants:\n${failed.map((name) => `  ${name}`).join('\n')}`);
}
killEverything();
process.exit(crashed || failed.length > 0 ? 1 : 0);
