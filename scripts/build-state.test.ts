import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  acquireBuildLock,
  buildFingerprint,
  decideBuild,
  ensureBuild,
  listBuildInputs,
  liveNodes,
  refusalMessage,
  registerNode,
  STALE_MS,
} from './build-state.mjs';

const work = mkdtempSync(join(tmpdir(), 'cutroom-build-state-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const gitignore = readFileSync(new URL('../.gitignore', import.meta.url), 'utf8');

function write(root: string, path: string, content: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

/** A small copy of the repository's layout; a git work tree or a plain folder (an archive). */
function checkout(name: string, withGit: boolean): string {
  const root = join(work, name);
  write(root, '.gitignore', gitignore);
  write(root, 'package-lock.json', '{}');
  write(root, 'apps/web/app/page.tsx', 'export default function Page() { return null; }\n');
  write(root, 'apps/web/next.config.ts', 'export default {};\n');
  write(root, 'packages/core/src/features/videos/processing.ts', 'export const videos = 1;\n');
  if (withGit) {
    expect(spawnSync('git', ['init', '-q'], { cwd: root }).status).toBe(0);
    expect(spawnSync('git', ['add', '.'], { cwd: root }).status).toBe(0);
  }
  return root;
}

/** What a build, a running site and the type-checker write inside the sources. */
function writeGeneratedFiles(root: string) {
  write(root, 'apps/web/next-env.d.ts', '/// <reference types="next" />\n');
  write(root, 'apps/web/.next/server/app/page.js', 'built');
  write(root, 'apps/web/.next/cutroom-source-stamp', 'abc');
  write(root, 'apps/web/tsconfig.tsbuildinfo', '{}');
  write(root, 'apps/web/data/media/videos/x/v1/hls/720p/seg-00000.ts', 'segment');
  write(root, 'apps/web/.cutroom/build.lock', '{}');
  write(root, 'packages/core/src/node_modules/x/index.js', '');
}

describe('the build fingerprint', () => {
  for (const withGit of [true, false]) {
    const kind = withGit ? 'a git work tree' : 'a folder without git';

    it(`of ${kind} ignores generated files and file times, and follows source contents`, () => {
      const root = checkout(withGit ? 'git' : 'plain', withGit);
      const first = buildFingerprint(root);
      expect(listBuildInputs(root)).toEqual([
        'apps/web/app/page.tsx',
        'apps/web/next.config.ts',
        'package-lock.json',
        'packages/core/src/features/videos/processing.ts',
      ]);

      writeGeneratedFiles(root);
      const later = new Date(Date.now() + 60_000);
      utimesSync(join(root, 'apps/web/app/page.tsx'), later, later);
      expect(buildFingerprint(root)).toBe(first);

      write(root, 'apps/web/app/page.tsx', 'export default function Page() { return 1; }\n');
      const edited = buildFingerprint(root);
      expect(edited).not.toBe(first);

      write(root, 'apps/web/app/about/page.tsx', 'export default function About() {}\n');
      expect(buildFingerprint(root)).not.toBe(edited);
    });
  }

  it('is the same for two copies of the same sources', () => {
    expect(buildFingerprint(checkout('copy-a', true))).toBe(
      buildFingerprint(checkout('copy-b', false)),
    );
  });
});

describe('deciding on the build', () => {
  it('reuses a matching build, builds when none serves an old one, refuses under running nodes', () => {
    const node = { pid: 1, host: 'a', fingerprint: 'old' };
    expect(decideBuild({ builtFingerprint: 'new', fingerprint: 'new', nodes: [node] })).toBe(
      'reuse',
    );
    expect(decideBuild({ builtFingerprint: 'old', fingerprint: 'new', nodes: [] })).toBe('build');
    expect(decideBuild({ builtFingerprint: null, fingerprint: 'new', nodes: [] })).toBe('build');
    expect(decideBuild({ builtFingerprint: 'old', fingerprint: 'new', nodes: [node] })).toBe(
      'refuse',
    );
  });
});

/** The pid of a process that has ended. */
const deadPid = () => spawnSync('true').pid!;

describe('nodes serving a build', () => {
  it('counts running nodes; marks of ended processes and silent hosts are dropped', () => {
    const state = join(work, 'nodes-state');
    const unregister = registerNode(state, 'f1');
    write(
      state,
      'nodes/dead',
      JSON.stringify({ pid: deadPid(), host: hostname(), fingerprint: 'f0' }),
    );
    write(
      state,
      'nodes/other-fresh',
      JSON.stringify({ pid: 1, host: 'elsewhere', fingerprint: 'f1' }),
    );
    write(state, 'nodes/other-silent', JSON.stringify({ pid: 1, host: 'far', fingerprint: 'f1' }));
    const past = new Date(Date.now() - 2 * STALE_MS);
    utimesSync(join(state, 'nodes/other-silent'), past, past);

    const nodes = liveNodes(state);
    expect(nodes.map((n) => `${n.host}:${n.pid}:${n.fingerprint}`).sort()).toEqual(
      [`${hostname()}:${process.pid}:f1`, 'elsewhere:1:f1'].sort(),
    );
    unregister();
    expect(liveNodes(state).map((n) => n.host)).toEqual(['elsewhere']);
  });

  it('lets one start at a time hold the build lock, and takes over one left by an ended process', async () => {
    const state = join(work, 'lock-state');
    const releaseFirst = await acquireBuildLock(state);
    let waitedFor: { pid: number } | null = null;
    let isSecondHeld = false;
    const waiting = new Promise<void>((resolve) => {
      void acquireBuildLock(state, {
        pollMs: 20,
        onWait: (owner) => {
          waitedFor = owner;
          resolve();
        },
      }).then((release) => {
        isSecondHeld = true;
        release();
      });
    });
    await waiting;
    expect(waitedFor).toMatchObject({ pid: process.pid });
    expect(isSecondHeld).toBe(false);
    releaseFirst();
    await expect.poll(() => isSecondHeld).toBe(true);

    write(state, 'build.lock', JSON.stringify({ pid: deadPid(), host: hostname() }));
    let hasWaited = false;
    const release = await acquireBuildLock(state, { onWait: () => (hasWaited = true) });
    expect(hasWaited).toBe(false);
    expect(JSON.parse(readFileSync(join(state, 'build.lock'), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    release();
  });
});

describe('npm start on one folder', () => {
  it('builds once per release, never under a running node, and again once the nodes stop', async () => {
    const root = checkout('release', true);
    const webDir = join(root, 'apps/web');
    let builds = 0;
    /** What `next build` does to the folder: its output, and next-env.d.ts among the sources. */
    const build = () => {
      builds += 1;
      write(root, 'apps/web/.next/BUILD_ID', String(builds));
      write(root, 'apps/web/next-env.d.ts', '/// <reference types="next" />\n');
    };

    expect(await ensureBuild({ root, webDir, build, register: true })).toMatchObject({
      decision: 'build',
    });
    // A second node on the same folder (or the same node restarted) uses that build.
    expect(await ensureBuild({ root, webDir, build })).toMatchObject({
      decision: 'reuse',
      nodes: [{ pid: process.pid, host: hostname() }],
    });
    expect(builds).toBe(1);

    // The sources change while this process serves the build: a start refuses to rebuild.
    write(root, 'packages/core/src/features/videos/processing.ts', 'export const videos = 2;\n');
    const nodes = [{ pid: process.pid, host: hostname(), fingerprint: '' }];
    await expect(ensureBuild({ root, webDir, build })).rejects.toThrow(
      refusalMessage(nodes).slice(0, 60),
    );
    expect(builds).toBe(1);
    expect(readFileSync(join(webDir, '.next/BUILD_ID'), 'utf8')).toBe('1');

    // Once no node serves it, the next start builds the new sources, once.
    rmSync(join(webDir, '.cutroom/nodes'), { recursive: true });
    expect(await ensureBuild({ root, webDir, build })).toMatchObject({ decision: 'build' });
    expect(await ensureBuild({ root, webDir, build })).toMatchObject({ decision: 'reuse' });
    expect(builds).toBe(2);
  });
});
