import { join, resolve } from 'node:path';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

type Env = Record<string, string | undefined>;

/** Where browsers fetch media when MEDIA_BASE_URL is not set: the web app's own media route. */
export const DEFAULT_MEDIA_BASE_URL = '/media';

/**
 * The storage the environment asks for: an S3-compatible bucket when S3_BUCKET is set, else a
 * local directory (MEDIA_DIR, default `$DATA_DIR/media`, i.e. `data/media`).
 */
export function createStorageFromEnv(env: Env = process.env): Storage {
  const publicBaseUrl = env.MEDIA_BASE_URL || DEFAULT_MEDIA_BASE_URL;
  if (env.S3_BUCKET) {
    return new S3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || 'us-east-1',
      endpoint: env.S3_ENDPOINT || undefined,
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
      keyPrefix: env.S3_KEY_PREFIX || undefined,
      publicBaseUrl,
    });
  }
  const root = env.MEDIA_DIR || join(env.DATA_DIR || 'data', 'media');
  return new LocalStorage({ root: resolve(root), publicBaseUrl });
}
