// Imported by server code only: the resumable-upload (tus) server, outside Next.js so that
// request bodies stream straight to disk.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, Server } from '@tus/server';
import type { Actor } from '@cutroom/core/kernel/endpoint';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import type { Logger } from '@cutroom/core/platform/logging/logger';
import { formatBytes } from '../format';
import type { UploadedFiles } from '@cutroom/core/platform/uploads/uploaded-files';
import {
  isOutOfSpaceError,
  OUT_OF_SPACE_MESSAGE,
  requireUploader,
  validateUploadedFile,
} from '@cutroom/media/uploads/upload.service';

export const UPLOAD_PATH = '/api/uploads';

/** Unfinished or unpublished uploads are removed after a day. */
const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/**
 * Unfinished uploads one member may hold at once: each may take up to UPLOAD_MAX_BYTES of
 * disk for a day, so a member cannot fill the disk by starting uploads (docs/videos.md).
 */
export const MAX_OPEN_UPLOADS = 5;

export const TOO_MANY_OPEN_UPLOADS_MESSAGE = `You already have ${MAX_OPEN_UPLOADS} unfinished uploads, the most one member may have at once. Finish or cancel one of them first (unfinished uploads are removed after 24 hours).`;

/** A refusal in the shape the tus server sends back: a status and a message for the uploader. */
const refusal = (status_code: number, body: string) => ({ status_code, body });

/** Removes an upload's file and its description (`{id}.json`), whichever of them is there. */
async function removeUploadFiles(directory: string, id: string): Promise<void> {
  if (!/^[a-f0-9]{32}$/.test(id)) return;
  await rm(join(directory, id), { force: true });
  await rm(join(directory, `${id}.json`), { force: true });
}

/**
 * FileStore, but a write that fails because the disk is full says so (507 and a message for
 * the uploader) instead of a bare 500: FileStore's own write drops the cause. What arrived
 * before the disk filled stays, so the upload resumes from there once there is room. Removing
 * an upload takes its description even when its file is already gone (FileStore's keeps it).
 */
class UploadFileStore extends FileStore {
  override async remove(id: string): Promise<void> {
    await removeUploadFiles(this.directory, id);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(null, chunk);
      },
    });
    const file = createWriteStream(join(this.directory, id), { flags: 'r+', start: offset });
    try {
      await pipeline(readable, counter, file);
    } catch (error) {
      if (isOutOfSpaceError(error)) throw refusal(507, OUT_OF_SPACE_MESSAGE);
      throw refusal(500, 'Something went wrong receiving the file\n');
    }
    return offset + received;
  }
}

export const SIZE_EXCEEDED_MESSAGE = 'More bytes arrived than the upload said its file has';

export const UPLOAD_MISSING_MESSAGE = 'This upload does not exist, or is not yours';

export interface UploadServerOptions {
  directory: string;
  maxBytes: number;
  getViewer(headers: Headers): Promise<Actor | null>;
  log: Logger;
  /** How a finished file is probed (the media configuration's ffprobe and scratch folder). */
  probe?: { ffprobePath?: string; tmpDir?: string };
}

export interface UploadServer {
  server: Server;
  files: UploadedFiles;
  /** Removes uploads untouched for a day (finished or not) that were never published. */
  removeExpired(now?: number): Promise<number>;
}

/**
 * The tus server at /api/uploads: only verified members may upload, each only to their own
 * uploads; the size limit is checked when the upload starts and while it runs; a finished file
 * is checked by its content at once and removed if it is not a video.
 */
export function createUploadServer(options: UploadServerOptions): UploadServer {
  const { directory, maxBytes, getViewer, log } = options;
  const datastore = new UploadFileStore({
    directory,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
  });

  const files: UploadedFiles = {
    async find(id) {
      if (!/^[a-f0-9]{32}$/.test(id)) return null;
      try {
        const upload = await datastore.getUpload(id);
        return {
          id,
          ownerId: upload.metadata?.ownerId ?? null,
          path: join(directory, id),
          size: upload.size,
          offset: upload.offset,
        };
      } catch {
        return null;
      }
    },
    async remove(id) {
      await datastore.remove(id);
    },
  };

  /**
   * Removes every upload untouched for more than a day, finished or not: a finished upload is
   * removed as it is published, so one still here was abandoned. Its age counts from the later
   * of its start and its last byte, so a long upload being sent, or just finished, stays. A
   * file or description left without the other (a write cut short) goes too, by its age on disk.
   */
  async function removeExpired(now = Date.now()): Promise<number> {
    const names = await readdir(directory).catch(() => [] as string[]);
    const ids = new Set(
      names.map((name) => /^([a-f0-9]{32})(?:\.json)?$/.exec(name)?.[1]).filter(Boolean),
    );
    let removed = 0;
    for (const id of ids as Set<string>) {
      const stored = await datastore.configstore.get(id).catch(() => undefined);
      const begun = Date.parse(stored?.creation_date ?? '');
      const written = await Promise.all(
        [id, `${id}.json`].map((name) =>
          stat(join(directory, name)).then(
            (file) => file.mtimeMs,
            () => Number.NaN,
          ),
        ),
      );
      const touched = Math.max(...[begun, ...written].filter((time) => !Number.isNaN(time)));
      if (!(now - touched > UPLOAD_EXPIRY_MS)) continue;
      await removeUploadFiles(directory, id);
      removed += 1;
    }
    return removed;
  }

  const tooLarge = `This file is larger than the upload limit of ${formatBytes(maxBytes)}`;

  /** The member's uploads that are neither finished nor expired. */
  async function countOpenUploads(ownerId: string, now: number): Promise<number> {
    const ids = (await datastore.configstore.list?.()) ?? [];
    let open = 0;
    for (const id of ids) {
      const stored = await datastore.configstore.get(id).catch(() => undefined);
      if (stored?.metadata?.ownerId !== ownerId) continue;
      const created = stored.creation_date ? Date.parse(stored.creation_date) : now;
      if (now - created > UPLOAD_EXPIRY_MS) continue;
      const upload = await files.find(id);
      if (upload && (upload.size === undefined || upload.offset < upload.size)) open += 1;
    }
    return open;
  }

  /** The id each creation (POST) made, so that a creation answered with an error leaves none. */
  const createdBy = new WeakMap<Request, string>();

  const server = new Server({
    path: UPLOAD_PATH,
    datastore,
    maxSize: maxBytes,
    namingFunction(request) {
      const id = randomBytes(16).toString('hex');
      createdBy.set(request, id);
      return id;
    },
    relativeLocation: true,
    respectForwardedHeaders: true,
    async onUploadCreate(request, upload) {
      const viewer = await getViewer(request.headers);
      try {
        requireUploader(viewer);
      } catch (error) {
        if (isServiceError(error)) throw refusal(error.status, error.message);
        throw error;
      }
      if (upload.size === undefined) {
        throw refusal(400, 'The size of the file must be known when the upload starts');
      }
      if (upload.size > maxBytes) throw refusal(413, tooLarge);
      if ((await countOpenUploads(viewer!.id, Date.now())) >= MAX_OPEN_UPLOADS) {
        throw refusal(429, TOO_MANY_OPEN_UPLOADS_MESSAGE);
      }
      // The owner is set here, never taken from what the client sent.
      return { metadata: { ...upload.metadata, ownerId: viewer!.id } };
    },
    async onIncomingRequest(request, uploadId) {
      if (request.method === 'POST' || request.method === 'OPTIONS') return;
      // Every call on an upload (HEAD, PATCH, DELETE, GET) is its owner's alone. Someone
      // else's upload answers as a missing one: its existence is not for them to learn.
      const viewer = await getViewer(request.headers);
      try {
        requireUploader(viewer);
      } catch (error) {
        if (isServiceError(error)) throw refusal(error.status, error.message);
        throw error;
      }
      const upload = await files.find(uploadId);
      if (!upload || upload.ownerId !== viewer!.id) throw refusal(404, UPLOAD_MISSING_MESSAGE);
    },
    async onUploadFinish(_request, upload) {
      const file = await files.find(upload.id);
      if (!file) throw refusal(404, 'The upload disappeared before it could be checked');
      try {
        await validateUploadedFile(files, file, options.probe);
      } catch (error) {
        // A finished upload is never checked again: refused for any reason, it goes now.
        await files.remove(upload.id);
        if (isServiceError(error)) throw refusal(error.status, error.message);
        throw error;
      }
      return {};
    },
    async onResponseError(request, error) {
      // A creation that failed, its bytes sent with it (more than it declared, say): the
      // upload it began is removed with its file.
      const created = request.method === 'POST' ? createdBy.get(request) : undefined;
      if (created) await files.remove(created);
      if ('body' in error && error.body === ERRORS.ERR_SIZE_EXCEEDED.body) {
        return refusal(413, SIZE_EXCEEDED_MESSAGE);
      }
      if ('status_code' in error && error.status_code === 413) return refusal(413, tooLarge);
      // The tus server's own "not found" (an id it cannot even parse) in the site's words.
      if ('status_code' in error && error.status_code === 404) {
        return refusal(404, UPLOAD_MISSING_MESSAGE);
      }
      if (isOutOfSpaceError(error) || ('status_code' in error && error.status_code === 507)) {
        log.warn({ err: error }, 'upload refused: out of storage space');
        return refusal(507, OUT_OF_SPACE_MESSAGE);
      }
      if (!('status_code' in error)) log.error({ err: error }, 'upload failed');
      return undefined;
    },
  });

  return { server, files, removeExpired };
}
