// Shared by start.mjs and test.mjs: get a fresh clone ready with nothing but Node and npm.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** Runs a command in the repository root, inheriting output; exits on failure. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(
      `\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`,
    );
    process.exit(result.status ?? 1);
  }
}

function isOnPath(binary) {
  return spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;
}

/** Installs npm dependencies when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('• Installing npm dependencies…');
  // The lock file names every package and its checksum: packages already in npm's cache are
  // taken from it without asking the registry again.
  run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline']);
}

/**
 * Makes sure the system binaries are there: installs them with apt-get when running as root,
 * otherwise names them and stops.
 */
export function ensureSystemPackages(packages) {
  const missing = packages.filter(({ binary }) => !isOnPath(binary));
  if (missing.length === 0) return;
  const names = missing.map(({ deb }) => deb);
  if (process.getuid?.() === 0 && isOnPath('apt-get')) {
    console.log(`• Installing ${names.join(', ')} with apt-get…`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', ...names], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  console.error(
    `Cutroom needs ${names.join(' and ')}. Install them with your package manager, ` +
      `e.g. sudo apt-get install ${names.join(' ')}`,
  );
  process.exit(1);
}

export const FFMPEG = { binary: 'ffmpeg', deb: 'ffmpeg' };
export const CHROMIUM = { binary: 'chromium', deb: 'chromium' };
