import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README's "Layout" block names folders and files of the repository; they must exist, and
// every top-level folder must be named there.
const root = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const block = /## Layout\n\n```\n([\s\S]*?)\n```/.exec(readme)?.[1] ?? '';

/** The paths of the block: a line indented by two spaces is inside the last unindented one. */
function namedPaths(text: string): string[] {
  const paths: string[] = [];
  let parent = '';
  for (const line of text.split('\n')) {
    const indent = line.length - line.trimStart().length;
    if (indent > 2) continue; // the rest of a description
    const names = line
      .trim()
      .split(/\s{2,}/)[0]!
      .split(' ');
    if (indent === 0) parent = names[0]!;
    for (const name of names) {
      if (name.includes('<')) continue; // a placeholder such as <feature>/
      paths.push(indent === 0 ? name : join(parent, name));
    }
  }
  return paths;
}

describe('README layout', () => {
  const paths = namedPaths(block);

  it('names only what exists', () => {
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('names every top-level folder', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' });
    const folders = new Set(
      tracked
        .split('\n')
        .filter((file) => file.includes('/'))
        .map((file) => file.split('/')[0]!),
    );
    const named = new Set(paths.map((path) => path.split('/')[0]));
    expect([...folders].filter((folder) => !named.has(folder))).toEqual([]);
  });
});
