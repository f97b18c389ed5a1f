import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every rule the code keeps is written in docs/, and comments, test names and settings cite
// those pages by their path (`docs/comments.md`). These checks keep it so: no tracked file cites
// a document the repository does not hold, and every docs/ page named exists.
const root = fileURLToPath(new URL('..', import.meta.url));
const SELF = 'scripts/doc-citations.nodb.test.ts';

/** A citation of an outside specification: "spec" with a section sign, "the spec('s)", ... */
const OUTSIDE_CITATION =
  /\bspec\s*§|\bthe spec\b|\bspec['’]s\b|\(spec[\s:),]|\bspec\/(?:site|player)\.md\b/i;
/** A bare section number ("rule of §5"), unless the line names the law or standard it is of. */
const BARE_SECTION = /§\s*\d/;
const NAMED_STANDARD = /U\.S\.C\.|C\.F\.R\.|\bRFC\b|\bVAST\b|\bISO\b|\bW3C\b/;

const citesOutside = (line: string) =>
  OUTSIDE_CITATION.test(line) || (BARE_SECTION.test(line) && !NAMED_STANDARD.test(line));

/** A docs/ page named by its path from the repository's root, e.g. docs/player/behaviour.md. */
const DOCS_PAGE = /(?<![\w./-])docs\/[\w./-]*?\.md\b/g;

/** Tracked text files (a NUL byte marks a binary one), with their lines. */
function trackedTextFiles(): { path: string; lines: string[] }[] {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return tracked
    .split('\0')
    .filter((path) => path && path !== 'package-lock.json' && path !== SELF)
    .filter((path) => existsSync(join(root, path)))
    .flatMap((path) => {
      const bytes = readFileSync(join(root, path));
      if (bytes.includes(0)) return [];
      return [{ path, lines: bytes.toString('utf8').split('\n') }];
    });
}

describe('citations of the rules', () => {
  const files = trackedTextFiles();

  it('cite docs/, never an outside specification', () => {
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap(({ path, lines }) =>
      lines.flatMap((line, index) =>
        citesOutside(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [],
      ),
    );
    expect(found, 'write the rule in its docs/ page and cite that page').toEqual([]);
  });

  it('name only docs/ pages that exist', () => {
    const missing = files.flatMap(({ path, lines }) =>
      lines.flatMap((line, index) =>
        [...line.matchAll(DOCS_PAGE)]
          .map(([page]) => page)
          .filter((page) => !existsSync(join(root, page)))
          .map((page) => `${path}:${index + 1}: ${page}`),
      ),
    );
    expect(missing).toEqual([]);
  });
});
