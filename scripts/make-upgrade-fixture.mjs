#!/usr/bin/env node
// Makes the upgrade fixture of an earlier commit (docs/operations.md, Upgrading):
//   node scripts/make-upgrade-fixture.mjs <commit> [name]
// checks the commit out into a temporary worktree, runs packages/core/test-support/upgrade/
// make-data.ts there (that commit's code makes a data folder and a server database), and
// packs them into packages/core/test-support/upgrade/fixtures/<name>/, which the upgrade test
// (packages/core/src/platform/db/upgrade.test.ts) opens with the current code. Needs
// PostgreSQL (FIXTURE_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres),
// pg_dump, ffmpeg and tar.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const [commit, name = commit] = process.argv.slice(2);
if (!commit) {
  console.error('usage: node scripts/make-upgrade-fixture.mjs <commit> [name]');
  process.exit(2);
}
const run = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: root, stdio: 'inherit', ...options });

const work = mkdtempSync(join(tmpdir(), 'cutroom-fixture-'));
const checkout = join(work, 'checkout');
const out = join(work, 'out');
run('git', ['worktree', 'add', '--detach', checkout, commit]);
try {
  // The commit's code with this checkout's installed packages (the versions it pinned then).
  for (const folder of ['.', 'packages/core', 'packages/media', 'apps/web', 'e2e', 'bench']) {
    const modules = join(root, folder, 'node_modules');
    if (existsSync(modules) && existsSync(join(checkout, folder))) {
      symlinkSync(modules, join(checkout, folder, 'node_modules'));
    }
  }
  for (const file of ['community.ts', 'make-data.ts']) {
    const path = join('packages/core/test-support/upgrade', file);
    mkdirSync(dirname(join(checkout, path)), { recursive: true });
    cpSync(join(root, path), join(checkout, path));
  }
  run(
    join(root, 'node_modules/.bin/tsx'),
    ['packages/core/test-support/upgrade/make-data.ts', out],
    {
      cwd: checkout,
      env: {
        ...process.env,
        FIXTURE_DATABASE_URL:
          process.env.FIXTURE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
    },
  );
  const fixture = join(root, 'packages/core/test-support/upgrade/fixtures', name);
  rmSync(fixture, { recursive: true, force: true });
  mkdirSync(fixture, { recursive: true });
  run('tar', [
    '--sort=name',
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    '--exclude=cutroom.lock',
    '-czf',
    join(fixture, 'data.tar.gz'),
    '-C',
    join(out, 'data'),
    '.',
  ]);
  writeFileSync(
    join(fixture, 'postgres.sql.gz'),
    gzipSync(
      // The psql meta-commands pg_dump writes since 15.14 (restrict) are left out: any client replays it.
      readFileSync(join(out, 'postgres.sql'), 'utf8').replace(/^\\.*$/gm, ''),
      { level: 9 },
    ),
  );
  const expected = JSON.parse(readFileSync(join(out, 'expected.json'), 'utf8'));
  const made = execFileSync('git', ['log', '-1', '--format=%H %cI', commit], { cwd: root })
    .toString()
    .trim();
  writeFileSync(
    join(fixture, 'expected.json'),
    `${JSON.stringify({ commit: made.split(' ')[0], committed: made.split(' ')[1], ...expected }, null, 2)}\n`,
  );
  console.log(`Fixture written: ${fixture}`);
} finally {
  run('git', ['worktree', 'remove', '--force', checkout]);
  rmSync(work, { recursive: true, force: true });
}
