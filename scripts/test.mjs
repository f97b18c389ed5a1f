// `npm test`: every check, in the order that fails fastest. No dependencies of its own.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ensureBuild } from './build-state.mjs';
import { CHROMIUM, FFMPEG, ensureDependencies, ensureSystemPackages, root } from './setup.mjs';

/** Each phase's name and how long it took, printed at the end beside the summary line. */
const phases = [];
/** What runs beside this process's current wait: ended when the run ends early. */
const background = new Set();
const began = Date.now();

/**
 * The processor time this process and its ended children have used, in seconds (Linux's
 * /proc; null elsewhere). Unlike the time a phase takes, it hardly changes with what else the
 * machine runs: a phase whose work grows is seen even on a busy machine.
 */
function processorSeconds() {
  try {
    // The fields after the command's name: utime, stime, cutime and cstime are the 12th to 15th.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0) / 100;
  } catch {
    return null;
  }
}
/** The machine's busy and total processor ticks so far (Linux's /proc/stat; null elsewhere). */
function machineTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    // user, nice, system, idle, iowait, irq, softirq, steal (guest time is inside user).
    const ticks = fields.slice(0, 8).map(Number);
    const total = ticks.reduce((sum, tick) => sum + tick, 0);
    return { busy: total - ticks[3] - ticks[4], total };
  } catch {
    return null;
  }
}
/**
 * Processor time by stretch of the run, and how busy the whole machine was meanwhile. A
 * stretch ends where the run waits for all it started, so the soak and the static checks
 * beside it count together. The run's own time leaves out what other
 * processes do for it (the PostgreSQL server, Chromium's page processes, which are not its
 * children); the machine's share shows whether a stretch left the cores idle.
 */
const processorStretches = [];
function processorStretch(name) {
  const now = processorSeconds();
  const machine = machineTicks();
  const last = processorStretches.at(-1);
  if (last && last.seconds === null && now !== null) {
    last.seconds = now - last.from;
    if (machine && last.machine)
      last.busy =
        (machine.busy - last.machine.busy) / Math.max(1, machine.total - last.machine.total);
  }
  if (name && now !== null) processorStretches.push({ name, from: now, seconds: null, machine });
}
function step(name) {
  endPhase();
  phases.push({ name, start: Date.now(), ms: null });
  console.log(`\n━━ ${name}`);
}
function endPhase() {
  // A phase that runs beside the others (the site's build) ends by itself.
  const current = phases.findLast((phase) => !phase.beside);
  if (current && current.ms === null) current.ms = Date.now() - current.start;
}
const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
};
function printPhases() {
  endPhase();
  const width = Math.max(...phases.map((phase) => phase.name.length), 5);
  console.log('\nPhase times:');
  for (const phase of phases) {
    const took = phase.ms === null ? 'not finished' : clock(phase.ms);
    console.log(`  ${phase.name.padEnd(width)}  ${took}`);
  }
  console.log(`  ${'Total'.padEnd(width)}  ${clock(Date.now() - began)}`);
  processorStretch(null);
  const counted = processorStretches.filter((stretch) => stretch.seconds !== null);
  if (counted.length === 0) return;
  const stretchWidth = Math.max(...counted.map((stretch) => stretch.name.length), 5);
  console.log(
    "\nProcessor time of the run's processes (all cores together), and the machine's busy share:",
  );
  for (const stretch of counted) {
    const busy = stretch.busy === undefined ? '' : `  ${Math.round(stretch.busy * 100)} % busy`;
    console.log(`  ${stretch.name.padEnd(stretchWidth)}  ${clock(stretch.seconds * 1000)}${busy}`);
  }
  const all = counted.reduce((sum, stretch) => sum + stretch.seconds, 0);
  console.log(`  ${'Total'.padEnd(stretchWidth)}  ${clock(all * 1000)}`);
}

/** Runs one check; when it fails, the phase times so far are printed before the exit. */
function check(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      `\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`,
    );
    printPhases();
    process.exit(result.status ?? 1);
  }
}
/**
 * Runs lanes of checks at once (each lane's checks one after another), each check's output
 * printed whole when it ends so that two never interleave. The static checks use one core
 * each (tsc, eslint, prettier): two lanes keep both cores busy. Each check is a phase of its
 * own in the times printed at the end.
 */
async function checksTogether(lanes) {
  const runOne = ({ name, command, args }) =>
    new Promise((resolve) => {
      const phase = { name, start: Date.now(), ms: null };
      phases.push(phase);
      const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      background.add(child);
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code, signal) => {
        background.delete(child);
        phase.ms = Date.now() - phase.start;
        console.log(`\n━━ ${name}\n${output.trimEnd()}`);
        resolve({ name, command, args, code: code ?? signal });
      });
    });
  const results = await Promise.all(
    lanes.map(async (lane) => {
      const done = [];
      for (const check of lane) {
        const result = await runOne(check);
        done.push(result);
        if (result.code !== 0) break;
      }
      return done;
    }),
  );
  const failed = results.flat().find((result) => result.code !== 0);
  if (failed) {
    console.error(`\n✗ ${failed.command} ${failed.args.join(' ')} failed (exit ${failed.code})`);
    printPhases();
    process.exit(typeof failed.code === 'number' ? failed.code : 1);
  }
}

/**
 * Builds the site, its output in a file; the promise answers whether it was built and what it
 * printed.
 */
function buildSite() {
  const logFile = join(mkdtempSync(join(tmpdir(), 'cutroom-build-')), 'build.log');
  const build = () =>
    new Promise((resolve, reject) => {
      const out = openSync(logFile, 'w');
      const child = spawn('npm', ['run', 'build', '-w', '@cutroom/web'], {
        cwd: root,
        stdio: ['ignore', out, out],
      });
      background.add(child);
      child.on('close', (code, signal) => {
        background.delete(child);
        closeSync(out);
        if (code === 0) resolve();
        else reject(new Error(`npm run build -w @cutroom/web failed (exit ${code ?? signal})`));
      });
    });
  const printed = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').trimEnd() : '');
  return ensureBuild({ root, webDir: join(root, 'apps/web'), build }).then(
    ({ decision }) => {
      const text = decision === 'reuse' ? 'The build matches the sources: reused.' : printed();
      return { ok: true, text };
    },
    (error) => ({ ok: false, text: `${printed()}\n✗ ${error.message}` }),
  );
}

const reports = mkdtempSync(join(tmpdir(), 'cutroom-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Tests that failed and then passed on a retry: counted as passed, named at the end. */
const flaky = [];

/**
 * Runs Vitest with a JSON report beside the usual output, and adds up its counts; `nice`, a
 * lower priority for its processes.
 */
async function vitest(name, args, { title, nice } = {}) {
  const report = join(reports, `${name}.json`);
  // Beside other work (a title given), the output goes to a file, printed whole at the end.
  const logFile = title ? join(reports, `${name}.log`) : null;
  const out = logFile ? openSync(logFile, 'w') : null;
  // Spawned, not run synchronously: the site's build, started beside the unit tests, is
  // started and followed by this process's event loop, which a synchronous run would hold
  // until the tests end (the build then ran after them, not beside them).
  const priority = nice === undefined ? [] : ['nice', '-n', String(nice)];
  const [command, ...commandArgs] = [
    ...priority,
    'npx',
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const child = spawn(command, commandArgs, {
    cwd: root,
    stdio: out === null ? 'inherit' : ['ignore', out, out],
  });
  background.add(child);
  const result = await new Promise((resolve) =>
    child.on('close', (status, signal) => resolve({ status, signal })),
  );
  background.delete(child);
  if (out !== null) {
    closeSync(out);
    console.log(`\n━━ ${title}\n${readFileSync(logFile, 'utf8').trimEnd()}`);
  }
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests;
    // A file that fails before its tests run (a configured service that does not answer, an
    // import that throws) has no failed test of its own: it counts as one.
    const failedFiles = summary.testResults.filter(
      (file) =>
        file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'),
    );
    totals.failed += summary.numFailedTests + failedFiles.length;
    totals.skipped += summary.numPendingTests + summary.numTodoTests;
    // A passed test keeps the errors of the attempts before it: it passed only on a retry.
    for (const file of summary.testResults) {
      for (const test of file.assertionResults) {
        if (test.status === 'passed' && test.failureMessages.length > 0) {
          const where = relative(root, file.name);
          flaky.push(`${where} › ${test.fullName}: ${test.failureMessages[0].split('\n')[0]}`);
        }
      }
    }
  } catch {
    totals.failed += 1;
  }
  if (result.status !== 0) finish(result.status ?? 1);
}

function finish(code) {
  for (const child of background) child.kill('SIGTERM');
  printPhases();
  if (flaky.length > 0) {
    console.log(`\nPassed only on a retry (${flaky.length}):`);
    for (const line of flaky) console.log(`  ${line}`);
  }
  const retried = flaky.length > 0 ? ` (${flaky.length} only on a retry)` : '';
  console.log(
    `\n${totals.passed} passed${retried}, ${totals.failed} failed, ${totals.skipped} skipped`,
  );
  process.exit(code);
}

processorStretch('Dependencies and the player');
step('Dependencies and system packages');
ensureDependencies();
ensureSystemPackages([FFMPEG, CHROMIUM]);

// The site imports the player's built package (types included), so it is built first.
step('Build the player');
check('npm', ['run', 'build', '-w', '@cutroom/player']);
endPhase();
// The site's build, which the soak and the end-to-end tests need. The build `npm start` made is
// used when the sources are the same (and never rebuilt under a running site); otherwise it is
// made here, and `npm start` uses this one.
processorStretch('The site build');
step('Build the site');
const built = await buildSite();
console.log(built.text);
if (!built.ok) finish(1);
endPhase();
// The soak goes on beside the static checks and the unit tests. It waits most of its time (its
// people think 2–7 s between requests; its clips are processed), and what it checks is how fast
// the site answers, so the others run at a lower priority (nice) and take what it leaves: they
// lose little, and the soak's server answers as on a machine of its own. The player's browser
// tests start when the soak ends: Chromium sets its own priority, so it would not leave the soak
// the processor first; they wait on real-time playback and take what the unit tests leave
// (docs/testing.md).
processorStretch('Soak, the static checks and the unit tests beside it');
/** Runs `work` as a phase beside the others; its time is taken when it ends. */
const beside = (name, work) => {
  const phase = { name, start: Date.now(), ms: null, beside: true };
  phases.push(phase);
  return work().then(() => (phase.ms = Date.now() - phase.start));
};
const soak = beside('Soak (beside the static checks and the unit tests)', () =>
  vitest('soak', ['--config', 'bench/vitest.config.ts'], {
    title:
      'Soak: a short simulated day of the site on each engine (docs/soak.md); the RTMP ingest under attack (bench/ingest)',
  }),
);
const unit = beside('Unit and integration tests (beside the soak)', () =>
  vitest('unit', ['--project', '!player-browser'], {
    title: 'Unit and integration tests',
    nice: 10,
  }),
);
const playerBrowser = soak.then(() =>
  beside("The player's browser tests (after the soak, beside the unit tests)", () =>
    vitest('player-browser', ['--project', 'player-browser'], {
      title: "The player's browser tests (packages/player/test)",
    }),
  ),
);
const lowPriority = (args) => ['-n', '10', 'npm', 'run', ...args];
await checksTogether([
  [{ name: 'Type-check', command: 'nice', args: lowPriority(['typecheck']) }],
  [
    { name: 'Lint', command: 'nice', args: lowPriority(['lint']) },
    { name: 'Dependency rules', command: 'nice', args: lowPriority(['deps:check']) },
    { name: 'Format', command: 'nice', args: lowPriority(['format:check']) },
    {
      name: 'Schema drift (generated migrations match schema.ts)',
      command: 'nice',
      args: lowPriority(['db:check']),
    },
  ],
]);
await Promise.all([soak, unit, playerBrowser]);
processorStretch('End-to-end tests');
step('End-to-end tests');
await vitest('e2e', ['--config', 'e2e/vitest.config.ts']);
finish(totals.failed > 0 ? 1 : 0);
