import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('takes the public address from the port when PUBLIC_URL is not set', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    // Otherwise sign-in from http://localhost:3300 is refused as another site's request.
    expect(loadConfig({ PORT: '3300' }).PUBLIC_URL).toBe('http://localhost:3300');
    expect(loadConfig({ PORT: '3300', PUBLIC_URL: 'https://video.example.org' }).PUBLIC_URL).toBe(
      'https://video.example.org',
    );
  });

  it('names the setting that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ WORKER_CONCURRENCY: 'two' })).toThrow(/WORKER_CONCURRENCY/);
    expect(() => loadConfig({ JOB_HEARTBEAT_SECONDS: '5' })).toThrow(/JOB_HEARTBEAT_SECONDS/);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ PASSWORD_MIN_LENGTH: '200' })).toThrow(/PASSWORD_MIN_LENGTH/);
  });

  it('takes an empty setting (as .env.example leaves them) for its default', () => {
    const config = loadConfig({ MEDIA_DIR: '', TRANSCODE_RETRY_LIMIT: '', AV1_ENABLED: '' });
    expect(config).toMatchObject({ TRANSCODE_RETRY_LIMIT: 3, AV1_ENABLED: false });
    expect(config.MEDIA_DIR).toBeUndefined();
  });
});
