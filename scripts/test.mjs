// `npm test`: every check, in the order that fails fastest. No dependencies of its own.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ensureBuild } from './build-state.mjs';
import { CHROMIUM, FFMPEG, ensureDependencies, ensureSystemPackages, root, run } from './setup.mjs';

const step = (name) => console.log(`\n━━ ${name}`);
const reports = mkdtempSync(join(tmpdir(), 'cutroom-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Tests that failed and then passed on a retry: counted as passed, named at the end. */
const flaky = [];

/** Runs Vitest with a JSON report beside the usual output, and adds up its counts. */
function vitest(name, args) {
  const report = join(reports, `${name}.json`);
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
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

ensureDependencies();
ensureSystemPackages([FFMPEG, CHROMIUM]);

// The site imports the player's built package (types included), so it is built first.
step('Build the player');
run('npm', ['run', 'build', '-w', '@cutroom/player']);
step('Type-check');
run('npm', ['run', 'typecheck']);
step('Lint');
run('npm', ['run', 'lint']);
step('Dependency rules');
run('npm', ['run', 'deps:check']);
step('Format');
run('npm', ['run', 'format:check']);
step('Schema drift (generated migrations match schema.ts)');
run('npm', ['run', 'db:check']);
step('Build the site');
// The build `npm start` made is used when the sources are the same (and never rebuilt under a
// running site); otherwise it is made here, and `npm start` uses this one.
try {
  const { decision } = await ensureBuild({
    root,
    webDir: join(root, 'apps/web'),
    build: () => run('npm', ['run', 'build', '-w', '@cutroom/web']),
  });
  if (decision === 'reuse') console.log('The build matches the sources: reused.');
} catch (error) {
  console.error(`✗ ${error.message}`);
  finish(1);
}
step('Unit and integration tests');
vitest('unit', []);
step('End-to-end tests');
vitest('e2e', ['--config', 'e2e/vitest.config.ts']);
step('Soak: a short simulated day of the site on each engine (docs/soak.md)');
vitest('soak', ['--config', 'bench/vitest.config.ts']);
finish(totals.failed > 0 ? 1 : 0);
