// Fails when schema.ts has changes that no generated migration holds yet.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, cpSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './setup.mjs';

const migrations = join(root, 'packages/core/src/platform/db/migrations');
const scratch = mkdtempSync(join(tmpdir(), 'cutroom-drift-'));
cpSync(migrations, scratch, { recursive: true });
const result = spawnSync(
  'npx',
  [
    'drizzle-kit',
    'generate',
    '--config',
    'packages/core/drizzle.config.ts',
    '--name',
    'drift_check',
  ],
  { cwd: root, encoding: 'utf8' },
);
const drift = readdirSync(migrations).filter((name) => name.includes('drift_check'));
// Put the folder back as it was, whatever drizzle-kit wrote.
rmSync(migrations, { recursive: true, force: true });
cpSync(scratch, migrations, { recursive: true });
rmSync(scratch, { recursive: true, force: true });
if (result.status !== 0) {
  console.error(result.stdout, result.stderr);
  process.exit(1);
}
if (drift.length > 0) {
  console.error(
    'schema.ts differs from the migrations: run `npm run db:generate -- --name <change>`.',
  );
  process.exit(1);
}
console.log('No schema drift.');
