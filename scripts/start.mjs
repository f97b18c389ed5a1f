// `npm start`: from a fresh clone to the site on http://localhost:3000 (PORT to change).
// Installs what is missing, builds when the sources changed, then runs the production server,
// which migrates the database and seeds a demo on the first run. No dependencies of its own.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FFMPEG, ensureDependencies, ensureSystemPackages, root, run } from './setup.mjs';

const SOURCE_DIRS = ['apps/web', 'packages/core/src', 'packages/media/src', 'packages/player/src'];
const SKIP = new Set(['node_modules', '.next', 'dist', 'data']);
const stampFile = join(root, 'apps/web/.next/cutroom-source-stamp');

/** A fingerprint of every source file's path, size and change time. */
function sourceFingerprint() {
  const hash = createHash('sha1');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (SKIP.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const { size, mtimeMs } = statSync(path);
        hash.update(`${path}\0${size}\0${mtimeMs}\n`);
      }
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(join(root, dir))) walk(join(root, dir));
  hash.update(readFileSync(join(root, 'package-lock.json')));
  return hash.digest('hex');
}

ensureDependencies();
ensureSystemPackages([FFMPEG]);

const fingerprint = sourceFingerprint();
const built = existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint;
if (!built) {
  console.log('• Building Cutroom (first run or changed sources)…');
  run('npm', ['run', 'build']);
  writeFileSync(stampFile, fingerprint);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
  cwd: join(root, 'apps/web'),
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Ctrl-C reaches the server through the terminal's process group; it shuts down cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
