import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  assertValidPrefix,
  contentTypeForKey,
  InvalidKeyError,
  joinPublicUrl,
  resolveRange,
  StorageNotFoundError,
  type ByteRange,
  type ObjectStream,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage';

export interface LocalStorageOptions {
  /** The directory holding every object. */
  root: string;
  /** Base URL objects are served from (the web app's media route, or a CDN). */
  publicBaseUrl: string;
}

const TEMP_MARK = '.part-';

/**
 * Objects as files under one root directory. Each write lands in a temporary file that is
 * renamed into place, so a reader never sees half an object.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly root: string;
  readonly publicBaseUrl: string;

  constructor(options: LocalStorageOptions) {
    this.root = resolve(options.root);
    this.publicBaseUrl = options.publicBaseUrl;
  }

  /** The file for a key; refuses anything that would resolve outside the root. */
  localPath(key: string): string {
    assertValidKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep))
      throw new InvalidKeyError(key, 'outside the storage root');
    return path;
  }

  #prefixPath(prefix: string): string {
    assertValidPrefix(prefix);
    return this.localPath(prefix.slice(0, -1));
  }

  async #writeAtomically(key: string, write: (tempPath: string) => Promise<void>): Promise<void> {
    const path = this.localPath(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}${TEMP_MARK}${randomBytes(6).toString('hex')}`;
    try {
      await write(temp);
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async putFile(key: string, filePath: string, _options?: PutOptions): Promise<void> {
    await this.#writeAtomically(key, (temp) => copyFile(filePath, temp));
  }

  async putStream(key: string, body: Readable, _options?: PutOptions): Promise<void> {
    await this.#writeAtomically(key, (temp) => pipeline(body, createWriteStream(temp)));
  }

  async putBytes(key: string, bytes: Uint8Array | string, _options?: PutOptions): Promise<void> {
    await this.#writeAtomically(key, (temp) => writeFile(temp, bytes));
  }

  async stat(key: string): Promise<StoredObject | null> {
    const path = this.localPath(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return {
        key,
        size: info.size,
        lastModified: info.mtime,
        contentType: contentTypeForKey(key),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async getStream(key: string, range?: ByteRange): Promise<ObjectStream> {
    const info = await this.stat(key);
    if (!info) throw new StorageNotFoundError(key);
    const { start, end } = resolveRange(range, info.size);
    const body =
      info.size === 0 ? Readable.from([]) : createReadStream(this.localPath(key), { start, end });
    return {
      body,
      size: info.size,
      start,
      end,
      contentType: info.contentType,
      lastModified: info.lastModified,
    };
  }

  async list(prefix: string): Promise<StoredObject[]> {
    return this.#listUnder(this.#prefixPath(prefix));
  }

  async listAll(): Promise<StoredObject[]> {
    return this.#listUnder(this.root);
  }

  async #listUnder(dir: string): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    const walk = async (current: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(current, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const path = join(current, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (entry.isFile() && !entry.name.includes(TEMP_MARK)) {
          const key = relative(this.root, path).split(sep).join('/');
          const info = await stat(path);
          found.push({
            key,
            size: info.size,
            lastModified: info.mtime,
            contentType: contentTypeForKey(key),
          });
        }
      }
    };
    await walk(dir);
    return found.sort((a, b) => a.key.localeCompare(b.key));
  }

  async deleteObject(key: string): Promise<void> {
    try {
      await unlink(this.localPath(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    const count = (await this.list(prefix)).length;
    await rm(this.#prefixPath(prefix), { recursive: true, force: true });
    return count;
  }

  publicUrl(key: string): string {
    return joinPublicUrl(this.publicBaseUrl, key);
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
