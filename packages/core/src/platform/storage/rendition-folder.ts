import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Storage } from './storage';

/**
 * Layout of a video's objects:
 *   videos/{id}/source/original        the uploaded file, kept for retries
 *   videos/{id}/v{version}/...         one complete set of renditions per successful attempt
 * A version prefix is written in full before the database points at it, so readers only ever
 * see complete sets: that pointer flip (one transaction) is what makes a set visible.
 */
export function videoPrefix(videoId: string): string {
  return `videos/${videoId}/`;
}

export function sourceKeyFor(videoId: string): string {
  return `videos/${videoId}/source/original`;
}

/** A fresh, never-reused prefix for one processing attempt's renditions. */
export function newVersionPrefix(videoId: string, now: Date = new Date()): string {
  const version = `${now.getTime().toString(36)}${randomBytes(4).toString('hex')}`;
  return `videos/${videoId}/v${version}/`;
}

export interface StageFolderOptions {
  /** Relative paths written after everything else (e.g. the master playlist). */
  last?: string[];
  concurrency?: number;
}

/**
 * Copies every file under a local directory to storage under `prefix`, the `last` files at
 * the end. Answers the keys written. Nothing refers to the prefix until the caller publishes
 * it, so a run killed half-way leaves only an unreferenced prefix that a later publish sweeps.
 */
export async function stageFolder(
  storage: Storage,
  localDir: string,
  prefix: string,
  options: StageFolderOptions = {},
): Promise<string[]> {
  const files = await listFiles(localDir);
  const lastSet = new Set(options.last ?? []);
  const first = files.filter((f) => !lastSet.has(f));
  const last = files.filter((f) => lastSet.has(f));
  const concurrency = options.concurrency ?? 4;
  const put = (file: string) => storage.putFile(prefix + file, join(localDir, ...file.split('/')));
  for (let i = 0; i < first.length; i += concurrency) {
    await Promise.all(first.slice(i, i + concurrency).map(put));
  }
  for (const file of last) await put(file);
  return [...first, ...last].map((f) => prefix + f);
}

/** Every rendition version folder of a video but `keepPrefix`. */
export async function staleVersions(
  storage: Storage,
  videoId: string,
  keepPrefix: string | null,
): Promise<string[]> {
  const base = videoPrefix(videoId);
  const versions = new Set<string>();
  for (const object of await storage.list(base)) {
    const segment = object.key.slice(base.length).split('/')[0];
    if (segment && segment.startsWith('v')) versions.add(`${base}${segment}/`);
  }
  return [...versions].filter((prefix) => prefix !== keepPrefix);
}

/** Removes every rendition version of a video except `keepPrefix` (leftovers of killed runs). */
export async function removeStaleVersions(
  storage: Storage,
  videoId: string,
  keepPrefix: string | null,
): Promise<string[]> {
  const removed = await staleVersions(storage, videoId, keepPrefix);
  for (const prefix of removed) await storage.deletePrefix(prefix);
  return removed;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}
