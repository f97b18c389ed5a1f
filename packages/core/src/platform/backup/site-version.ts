import { readFileSync } from 'node:fs';

/** The version of Cutroom this is (the root package.json's, one per release: CHANGELOG.md). */
export function siteVersion(): string {
  const file = new URL('../../../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
}

/** Compares two versions (major.minor.patch): negative, zero or positive like a sort. */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) =>
    version
      .split(/[.-]/)
      .slice(0, 3)
      .map((n) => Number(n) || 0);
  const [left, right] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
