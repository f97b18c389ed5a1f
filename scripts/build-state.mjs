// The site's build and the nodes serving it, for `npm start`. One build per release: the
// fingerprint covers the sources git knows (never files the build or the server write), and a
// node never rebuilds under another one serving the same folder. No dependencies of its own.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, relative, sep } from 'node:path';

/** What the production build is made from. */
export const BUILD_INPUTS = [
  'apps/web',
  'packages/core/src',
  'packages/media/src',
  'packages/player/src',
  'packages/core/package.json',
  'packages/media/package.json',
  'packages/player/package.json',
  'packages/player/build.mjs',
  'packages/player/tsconfig.build.json',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
];

/** Written by builds, servers and tools inside the build inputs: never part of the fingerprint. */
const GENERATED = new Set(['node_modules', '.next', '.cutroom', 'dist', 'data', 'next-env.d.ts']);
const isGenerated = (name) => GENERATED.has(name) || name.endsWith('.tsbuildinfo');

/**
 * The build inputs' files, relative to root and sorted: what git tracks plus new files it does
 * not ignore; without git (a release archive), every file outside generated ones.
 */
export function listBuildInputs(root, inputs = BUILD_INPUTS) {
  const git = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...inputs],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  let files;
  if (git.status === 0) {
    files = git.stdout.split('\0').filter((path) => path && existsSync(join(root, path)));
  } else {
    files = [];
    const walk = (path) => {
      if (!existsSync(path)) return;
      if (!statSync(path).isDirectory()) {
        files.push(relative(root, path).split(sep).join('/'));
        return;
      }
      for (const name of readdirSync(path)) if (!isGenerated(name)) walk(join(path, name));
    };
    for (const input of inputs) walk(join(root, input));
  }
  return [...new Set(files)].filter((path) => !path.split('/').some(isGenerated)).sort();
}

/** A fingerprint of the build inputs' paths and contents (not their times). */
export function buildFingerprint(root, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  for (const path of listBuildInputs(root, inputs)) {
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(root, path)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** How often a running node marks itself alive, and when another host's mark counts as gone. */
export const HEARTBEAT_MS = 10_000;
export const STALE_MS = 3 * HEARTBEAT_MS;

const isProcessAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/**
 * Whether the process a mark names still runs: by its pid on this host; by the age of the
 * mark (its heartbeat) for another host sharing the folder.
 */
function isMarkAlive(path, now) {
  let owner;
  try {
    owner = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return false;
  }
  if (owner.host === hostname()) return isProcessAlive(owner.pid);
  try {
    return now - statSync(path).mtimeMs < STALE_MS;
  } catch {
    return false;
  }
}

/** The build's coordination files: `{webDir}/.cutroom/` (git-ignored), beside `.next`. */
export function buildStateDir(webDir) {
  return join(webDir, '.cutroom');
}

/**
 * Takes the folder's build lock (one `npm start` at a time decides and builds), waiting while
 * a live process holds it; a lock left by a dead one is taken over. Answers its release.
 */
export async function acquireBuildLock(stateDir, { onWait, pollMs = 500 } = {}) {
  mkdirSync(stateDir, { recursive: true });
  const path = join(stateDir, 'build.lock');
  const mark = JSON.stringify({ pid: process.pid, host: hostname() });
  let hasWaited = false;
  for (;;) {
    try {
      writeFileSync(path, mark, { flag: 'wx' });
      const heartbeat = setInterval(() => touch(path), HEARTBEAT_MS);
      heartbeat.unref();
      const release = () => {
        clearInterval(heartbeat);
        process.removeListener('exit', release);
        rmSync(path, { force: true });
      };
      // Also released when the process exits on an error while holding it.
      process.once('exit', release);
      return release;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (!isMarkAlive(path, Date.now())) {
      rmSync(path, { force: true });
      continue;
    }
    if (!hasWaited) onWait?.(JSON.parse(readFileSync(path, 'utf8')));
    hasWaited = true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

function touch(path) {
  try {
    const now = new Date();
    utimesSync(path, now, now);
  } catch {
    // Removed meanwhile.
  }
}

/** The nodes serving this folder's build now: `{ pid, host, fingerprint }` each. */
export function liveNodes(stateDir, now = Date.now()) {
  const dir = join(stateDir, 'nodes');
  if (!existsSync(dir)) return [];
  const nodes = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (isMarkAlive(path, now)) nodes.push(JSON.parse(readFileSync(path, 'utf8')));
    else rmSync(path, { force: true });
  }
  return nodes;
}

/**
 * Marks this process as a node serving the build with this fingerprint until it exits (or the
 * answered function is called); the mark is refreshed every HEARTBEAT_MS.
 */
export function registerNode(stateDir, fingerprint) {
  const dir = join(stateDir, 'nodes');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${hostname()}-${process.pid}`);
  writeFileSync(path, JSON.stringify({ pid: process.pid, host: hostname(), fingerprint }));
  const heartbeat = setInterval(() => touch(path), HEARTBEAT_MS);
  heartbeat.unref();
  const unregister = () => {
    clearInterval(heartbeat);
    process.removeListener('exit', unregister);
    rmSync(path, { force: true });
  };
  process.once('exit', unregister);
  return unregister;
}

/**
 * What `npm start` does with the build: 'reuse' it when it matches the sources, 'build' when
 * it does not and no node serves it, 'refuse' when it does not and nodes serve it (rebuilding
 * would pull their files from under them).
 */
export function decideBuild({ builtFingerprint, fingerprint, nodes }) {
  if (builtFingerprint === fingerprint) return 'reuse';
  return nodes.length > 0 ? 'refuse' : 'build';
}

/** The file beside the build that holds the fingerprint it was made from. */
export function stampFileOf(webDir) {
  return join(webDir, '.next', 'cutroom-source-stamp');
}

/** The message of a start refused because nodes serve a build of other sources. */
export function refusalMessage(nodes) {
  const one = nodes.length === 1;
  const who = nodes.map((node) => `process ${node.pid} on ${node.host}`).join(', ');
  return (
    `The build in apps/web/.next was made from other sources than these, and ` +
    `${one ? 'a node serves' : `${nodes.length} nodes serve`} it (${who}). Rebuilding now ` +
    `would break ${one ? 'it' : 'them'}. Stop ${one ? 'it' : 'them'} and start again, or start ` +
    `this node from its own copy of the release.`
  );
}

/**
 * Makes sure the build matches the sources, holding the folder's build lock: reuses it when
 * it does, runs `build` when it does not and no node serves it, and throws (with
 * refusalMessage) when nodes serve it. With `register`, marks this process as a node of the
 * build before the lock is released, so no later start rebuilds under it.
 */
export async function ensureBuild({ root, webDir, build, register = false, onWait }) {
  const stateDir = buildStateDir(webDir);
  const stampFile = stampFileOf(webDir);
  const release = await acquireBuildLock(stateDir, { onWait });
  try {
    const fingerprint = buildFingerprint(root);
    const builtFingerprint = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : null;
    const nodes = liveNodes(stateDir);
    const decision = decideBuild({ builtFingerprint, fingerprint, nodes });
    if (decision === 'refuse') throw new Error(refusalMessage(nodes));
    if (decision === 'build') {
      await build();
      mkdirSync(join(webDir, '.next'), { recursive: true });
      writeFileSync(stampFile, fingerprint);
    }
    if (register) registerNode(stateDir, fingerprint);
    return { decision, nodes };
  } finally {
    release();
  }
}
