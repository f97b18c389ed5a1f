import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

/** The product's code: every module here takes its settings from loadConfig(), not the environment. */
const SCANNED = ['packages/core/src', 'packages/media/src', 'packages/player/src', 'apps/web'];

/** The files that may read process.env, each with its reason. */
const ALLOWED = new Map([
  [
    'packages/core/src/platform/config/config.ts',
    'the configuration module: loadConfig() reads it once',
  ],
  ['apps/web/lib/build-info.ts', 'build facts Next.js writes into the bundles when it builds'],
  ['apps/web/next.config.ts', 'Next.js reads it before any of our code runs'],
]);

/** Tests and their support read the test runner's own variables (TEST_DB_KIND ...). */
const isTestSupport = (path: string) =>
  /\.test\.tsx?$/.test(path) ||
  /\.fixture\.ts$/.test(path) ||
  path.startsWith('packages/core/test-support/');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', '.next', 'dist'].includes(entry.name) ? [] : sourceFiles(path);
    }
    return /\.(m?[jt]sx?)$/.test(entry.name) ? [path] : [];
  });
}

describe('process.env', () => {
  it('is read only by the configuration module (and tests, scripts, benchmarks)', () => {
    const readers = SCANNED.flatMap(sourceFiles)
      .map((path) => relative(root, join(root, path)))
      .filter((path) => !ALLOWED.has(path) && !isTestSupport(path))
      .filter((path) => /\bprocess\.env\b/.test(readFileSync(join(root, path), 'utf8')));
    expect(readers, 'take the setting from loadConfig() and pass it in').toEqual([]);
  });
});
