import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tarStream from 'tar-stream';

/**
 * A backup archive: one tar file (uncompressed: media is compressed already, and the
 * database's parts are compressed one by one). Every entry's SHA-256 is in the manifest,
 * written last, once they are known.
 */
export const MANIFEST_ENTRY = 'manifest.json';

export interface ArchiveEntry {
  size: number;
  sha256: string;
}

/** Counts the bytes and hashes them on their way through. */
function hashing(onDone: (entry: ArchiveEntry) => void): Transform {
  const hash = createHash('sha256');
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      onDone({ size, sha256: hash.digest('hex') });
      callback();
    },
  });
}

export class ArchiveWriter {
  readonly entries: Record<string, ArchiveEntry> = {};
  readonly #pack = tarStream.pack();
  readonly #written: Promise<void>;
  #bytes = 0;

  constructor(path: string) {
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.#bytes += chunk.length;
        callback(null, chunk);
      },
    });
    this.#written = pipeline(
      this.#pack,
      counter,
      createWriteStream(path, { flags: 'wx', mode: 0o600 }),
    );
    // The pipeline's failure is answered by finish(); until then it must not go unhandled.
    this.#written.catch(() => undefined);
  }

  /** Bytes written to the archive so far. */
  get bytesWritten(): number {
    return this.#bytes;
  }

  /** Adds an entry of a known size from a stream. */
  async addStream(name: string, size: number, body: Readable): Promise<void> {
    if (name === MANIFEST_ENTRY || this.entries[name]) throw new Error(`Entry ${name} twice`);
    const entry = this.#pack.entry({ name, size, mode: 0o600 });
    await pipeline(
      body,
      hashing((found) => {
        if (found.size !== size) {
          throw new Error(`${name} changed while it was read (${found.size} of ${size} bytes)`);
        }
        this.entries[name] = found;
      }),
      entry,
    );
  }

  async addFile(name: string, path: string): Promise<void> {
    const { size } = await stat(path);
    await this.addStream(name, size, createReadStream(path, { end: Math.max(0, size - 1) }));
  }

  async addBytes(name: string, bytes: Uint8Array | string): Promise<void> {
    const buffer = typeof bytes === 'string' ? Buffer.from(bytes) : Buffer.from(bytes);
    await this.addStream(name, buffer.length, Readable.from([buffer]));
  }

  /** Writes the manifest (with every entry's checksum) and closes the archive. */
  async finish(manifest: object): Promise<void> {
    const text = `${JSON.stringify({ ...manifest, entries: this.entries }, null, 2)}\n`;
    const bytes = Buffer.from(text);
    this.#pack.entry({ name: MANIFEST_ENTRY, size: bytes.length, mode: 0o600 }, bytes);
    this.#pack.finalize();
    await this.#written;
  }

  /** Stops writing after a failure (the caller removes the file). */
  abort(): void {
    this.#pack.destroy();
  }
}

export class ArchiveDamagedError extends Error {
  constructor(reason: string) {
    super(`The archive is damaged: ${reason}. Nothing was changed.`);
    this.name = 'ArchiveDamagedError';
  }
}

/**
 * Reads every entry of an archive in order; `onEntry` gets each one's bytes as a stream and
 * must read it to its end (or leave it to be drained). Each entry's SHA-256 is checked
 * against `expected` when given.
 */
export async function readArchive(
  path: string,
  onEntry: (name: string, body: Readable, size: number) => Promise<void>,
  expected?: Record<string, ArchiveEntry>,
): Promise<void> {
  const extract = tarStream.extract();
  const reading = pipeline(createReadStream(path), extract);
  reading.catch(() => undefined);
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      const size = entry.header.size ?? 0;
      let found: ArchiveEntry | undefined;
      const checked = entry.pipe(hashing((done) => (found = done)));
      await onEntry(name, checked, size);
      // What onEntry left unread is drained, so the hash covers the whole entry.
      for await (const chunk of checked) void chunk;
      const want = expected?.[name];
      if (expected && name !== MANIFEST_ENTRY) {
        if (!want) throw new ArchiveDamagedError(`${name} is not in its manifest`);
        if (!found || found.sha256 !== want.sha256 || found.size !== want.size) {
          throw new ArchiveDamagedError(`${name} does not match its checksum`);
        }
      }
    }
    await reading;
  } catch (error) {
    if (error instanceof ArchiveDamagedError) throw error;
    throw new ArchiveDamagedError((error as Error).message);
  }
}

/**
 * Reads the whole archive once: answers its manifest once every entry matches the checksum
 * the manifest gives it, and every entry the manifest names is there.
 */
export async function verifyArchive(path: string): Promise<Record<string, unknown>> {
  const found: Record<string, ArchiveEntry> = {};
  let text: string | null = null;
  await readArchive(path, async (name, body) => {
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      const bytes = chunk as Buffer;
      hash.update(bytes);
      size += bytes.length;
      if (name === MANIFEST_ENTRY) chunks.push(bytes);
    }
    if (name === MANIFEST_ENTRY) text = Buffer.concat(chunks).toString('utf8');
    else found[name] = { size, sha256: hash.digest('hex') };
  });
  if (text === null) throw new ArchiveDamagedError('it has no manifest (was it cut short?)');
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ArchiveDamagedError('its manifest is not readable');
  }
  const entries = (manifest.entries ?? {}) as Record<string, ArchiveEntry>;
  for (const [name, want] of Object.entries(entries)) {
    const got = found[name];
    if (!got) throw new ArchiveDamagedError(`${name} is missing`);
    if (got.sha256 !== want.sha256 || got.size !== want.size) {
      throw new ArchiveDamagedError(`${name} does not match its checksum`);
    }
  }
  for (const name of Object.keys(found)) {
    if (!entries[name]) throw new ArchiveDamagedError(`${name} is not in its manifest`);
  }
  return manifest;
}
