import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  assertValidKey,
  assertValidPrefix,
  contentTypeForKey,
  joinPublicUrl,
  resolveRange,
  StorageNotFoundError,
  type ByteRange,
  type ObjectStream,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Prepended to every key, so one bucket can hold several sites. */
  keyPrefix?: string;
  publicBaseUrl: string;
}

/** Objects in an S3-compatible bucket (AWS, MinIO, Garage, R2, ...). */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  readonly #keyPrefix: string;
  readonly publicBaseUrl: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.#keyPrefix = options.keyPrefix ?? '';
    this.publicBaseUrl = options.publicBaseUrl;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: many S3-compatible servers reject the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  #objectKey(key: string): string {
    assertValidKey(key);
    return this.#keyPrefix + key;
  }

  async putFile(key: string, filePath: string, options?: PutOptions): Promise<void> {
    const { size } = await stat(filePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.#objectKey(key),
        Body: createReadStream(filePath),
        ContentLength: size,
        ContentType: options?.contentType ?? contentTypeForKey(key),
      }),
    );
  }

  async putStream(key: string, body: Readable, options?: PutOptions): Promise<void> {
    // A single PUT needs the length up front; spool to a temporary file to learn it.
    const dir = await mkdtemp(join(tmpdir(), 'cutroom-s3-'));
    try {
      const file = join(dir, 'body');
      await pipeline(body, createWriteStream(file));
      await this.putFile(key, file, options);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async putBytes(key: string, bytes: Uint8Array | string, options?: PutOptions): Promise<void> {
    const body = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.#objectKey(key),
        Body: body,
        ContentLength: body.byteLength,
        ContentType: options?.contentType ?? contentTypeForKey(key),
      }),
    );
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.#objectKey(key) }),
      );
      return {
        key,
        size: head.ContentLength ?? 0,
        lastModified: head.LastModified ?? new Date(0),
        contentType: head.ContentType ?? contentTypeForKey(key),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async getStream(key: string, range?: ByteRange): Promise<ObjectStream> {
    const info = await this.stat(key);
    if (!info) throw new StorageNotFoundError(key);
    const { start, end } = resolveRange(range, info.size);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.#objectKey(key),
          Range: range && info.size > 0 ? `bytes=${start}-${end}` : undefined,
        }),
      );
      return {
        body: answer.Body as Readable,
        size: info.size,
        start,
        end,
        contentType: info.contentType,
        lastModified: info.lastModified,
      };
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async list(prefix: string): Promise<StoredObject[]> {
    assertValidPrefix(prefix);
    return this.#listUnder(prefix);
  }

  async listAll(): Promise<StoredObject[]> {
    return this.#listUnder('');
  }

  async #listUnder(prefix: string): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.#keyPrefix + prefix,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        const key = item.Key.slice(this.#keyPrefix.length);
        found.push({
          key,
          size: item.Size ?? 0,
          lastModified: item.LastModified ?? new Date(0),
          contentType: contentTypeForKey(key),
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort((a, b) => a.key.localeCompare(b.key));
  }

  async deleteObject(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.#objectKey(key) }),
    );
  }

  async deletePrefix(prefix: string): Promise<number> {
    const objects = await this.list(prefix);
    // DeleteObjects takes at most 1000 keys per call.
    for (let i = 0; i < objects.length; i += 1000) {
      const batch = objects.slice(i, i + 1000);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((o) => ({ Key: this.#keyPrefix + o.key })), Quiet: true },
        }),
      );
    }
    return objects.length;
  }

  publicUrl(key: string): string {
    return joinPublicUrl(this.publicBaseUrl, key);
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}
