// The embeddable player served by the site for other sites (docs/player/embedding.md):
// `/player/v1/…` follows the current build of major version 1, `/player/<version>/…` is that
// exact build, kept for good (its integrity hash never changes). The files are the player
// package's dist/ (the script-tag build, its CSS and the chunks it imports beside itself).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** One file name or chunk path of dist/: letters, digits, dots, dashes, one folder deep. */
const SAFE_PATH = /^(?:chunks\/)?[A-Za-z0-9_-][A-Za-z0-9._-]*\.(?:js|css)$/;

export interface PlayerFile {
  body: Buffer;
  type: string;
  /** `sha384-…`, the value of an integrity attribute. */
  integrity: string;
}

let distDir: string | null | undefined;

/** The player package's dist/, found from the working directory up (workspace or install). */
function findDist(): string | null {
  if (distDir !== undefined) return distDir;
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    for (const candidate of [
      join(dir, 'node_modules', '@cutroom', 'player', 'dist'),
      join(dir, 'packages', 'player', 'dist'),
    ]) {
      if (existsSync(join(candidate, 'cutroom-player.js'))) return (distDir = candidate);
    }
    if (dirname(dir) === dir) return (distDir = null);
  }
}

/** The player's version (its package.json), or null when the package is not there. */
export function playerVersion(): string | null {
  const dist = findDist();
  if (!dist) return null;
  const pkg = JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** Whether `/player/<segment>/` names the current build: its major (`v1`) or exact version. */
export function isServedVersion(segment: string): 'major' | 'exact' | null {
  const version = playerVersion();
  if (!version) return null;
  if (segment === `v${version.split('.')[0]}`) return 'major';
  return segment === version ? 'exact' : null;
}

const files = new Map<string, PlayerFile>();

/** A file of the player's dist/, or null for any other path. */
export function playerFile(path: string): PlayerFile | null {
  if (!SAFE_PATH.test(path)) return null;
  const cached = files.get(path);
  if (cached) return cached;
  const dist = findDist();
  const full = dist && join(dist, path);
  if (!full || !existsSync(full)) return null;
  const body = readFileSync(full);
  const file = {
    body,
    type: TYPES[extname(path)]!,
    integrity: `sha384-${createHash('sha384').update(body).digest('base64')}`,
  };
  files.set(path, file);
  return file;
}
