import { link, mkdir, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';

// A transcode works in `cutroom-transcode-{videoId}-XXXXXX` under the temporary folder, and an
// upload is probed in `cutroom-probe-XXXXXX`; each is removed when done, which a process
// killed meanwhile cannot do. These sweeps keep such leftovers
// (a copy of the source and partial renditions, often gigabytes) from piling up.

const PREFIX = 'cutroom-transcode-';
/** Where an upload is probed before it is accepted (accept-upload.ts). */
export const PROBE_DIR_PREFIX = 'cutroom-probe-';
/** The random suffix mkdtemp appends. */
const SUFFIX_LENGTH = 6;

const isWorkDirOf = (name: string, videoId: string) =>
  name.startsWith(`${PREFIX}${videoId}-`) &&
  name.length === PREFIX.length + videoId.length + 1 + SUFFIX_LENGTH;

/**
 * A fresh work folder for one attempt, after removing those of the same video's earlier
 * attempts: a new attempt starts only once the queue holds the previous one dead.
 */
export async function createWorkDir(base: string, videoId: string): Promise<string> {
  await mkdir(base, { recursive: true });
  for (const name of await readdir(base)) {
    if (isWorkDirOf(name, videoId)) await rm(join(base, name), { recursive: true, force: true });
  }
  return mkdtemp(join(base, `${PREFIX}${videoId}-`));
}

/**
 * Removes work folders untouched for longer than `olderThanMs` (the longest a job may run):
 * those of videos that were never tried again. Answers how many were removed.
 */
export async function sweepStaleWorkDirs(
  base: string,
  { olderThanMs, now = Date.now() }: { olderThanMs: number; now?: number },
): Promise<number> {
  const names = await readdir(base).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(PREFIX) && !name.startsWith(PROBE_DIR_PREFIX)) continue;
    const path = join(base, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isDirectory() || now - info.mtimeMs <= olderThanMs) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** The name of the source inside a scratch folder. */
export const SOURCE_NAME = 'source';

/**
 * Puts a file into a scratch folder as `source`, where ffmpeg and ffprobe read it with that
 * folder as their working folder: a hard link (no copy), or a symbolic link when the folder is
 * on another file system. Answers the path inside the folder.
 */
export async function stageInput(file: string, scratchDir: string): Promise<string> {
  const path = join(scratchDir, SOURCE_NAME);
  try {
    await link(file, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
    await symlink(resolve(file), path);
  }
  return path;
}
