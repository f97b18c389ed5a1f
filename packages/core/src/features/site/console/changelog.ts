import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** One release of CHANGELOG.md. */
export interface ChangelogEntry {
  /** "Unreleased" or a version such as "0.3.0". */
  version: string;
  /** YYYY-MM-DD, or null when the heading names none. */
  date: string | null;
  /** Each change with its section (Added, Changed, Fixed ...). */
  changes: { kind: string; text: string }[];
}

/**
 * Reads a Keep a Changelog file: `## [version] - date` headings, `### Kind` sections and `- `
 * items (an item's indented lines continue it).
 */
export function parseChangelog(markdown: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  let entry: ChangelogEntry | null = null;
  let kind = 'Changed';
  let item: { kind: string; text: string } | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const release = line.match(/^##\s+\[?([^\]\s]+)\]?(?:\s+-\s+(\d{4}-\d{2}-\d{2}))?\s*$/);
    if (release) {
      entry = { version: release[1]!, date: release[2] ?? null, changes: [] };
      entries.push(entry);
      item = null;
      continue;
    }
    const section = line.match(/^###\s+(.+?)\s*$/);
    if (section) {
      kind = section[1]!;
      item = null;
      continue;
    }
    if (!entry) continue;
    const bullet = line.match(/^[-*]\s+(.*)$/);
    if (bullet) {
      item = { kind, text: bullet[1]!.trim() };
      entry.changes.push(item);
    } else if (item && /^\s+\S/.test(line)) {
      item.text = `${item.text} ${line.trim()}`;
    } else if (!line.trim()) {
      item = null;
    }
  }
  return entries;
}

/** CHANGELOG.md in `start` or the nearest folder above it (the site runs from apps/web). */
export function findChangelog(start: string): string | null {
  let dir = start;
  for (let depth = 0; depth < 6; depth += 1) {
    const candidate = join(dir, 'CHANGELOG.md');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

let cached: { path: string; mtimeMs: number; entries: ChangelogEntry[] } | null = null;

/** The project's changelog entries, read again only when the file changes. */
export function loadChangelog(start: string): ChangelogEntry[] {
  const path = findChangelog(start);
  if (!path) return [];
  const { mtimeMs } = statSync(path);
  if (cached?.path !== path || cached.mtimeMs !== mtimeMs) {
    cached = { path, mtimeMs, entries: parseChangelog(readFileSync(path, 'utf8')) };
  }
  return cached.entries;
}
