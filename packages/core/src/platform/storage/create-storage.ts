import { join, resolve } from 'node:path';
import type { Config } from '../config/config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

/** Where browsers fetch media when MEDIA_BASE_URL is not set: the web app's own media route. */
export const DEFAULT_MEDIA_BASE_URL = '/media';

/** The settings storage is made from (see ConfigSchema). */
export type StorageConfig = Pick<
  Config,
  | 'dataDir'
  | 'MEDIA_DIR'
  | 'MEDIA_BASE_URL'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_KEY_PREFIX'
>;

/**
 * The storage the configuration asks for: an S3-compatible bucket when S3_BUCKET is set, else
 * a local directory (MEDIA_DIR, default `$DATA_DIR/media`, i.e. `data/media`).
 */
export function createStorage(config: StorageConfig): Storage {
  const publicBaseUrl = config.MEDIA_BASE_URL || DEFAULT_MEDIA_BASE_URL;
  if (config.S3_BUCKET) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION || 'us-east-1',
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      keyPrefix: config.S3_KEY_PREFIX,
      publicBaseUrl,
    });
  }
  const root = config.MEDIA_DIR || join(config.dataDir, 'media');
  return new LocalStorage({ root: resolve(root), publicBaseUrl });
}
