import { describe, expect, it } from 'vitest';
import { ConfigSchema, loadConfig } from './config';

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

  it('applies the one rule to every setting: empty (or spaces) is unset, the default applies', () => {
    const defaults = loadConfig({});
    const every = Object.fromEntries(Object.keys(ConfigSchema.shape).map((key) => [key, '']));
    expect(loadConfig(every)).toEqual(defaults);
    expect(loadConfig({ LISTING_CACHE_SECONDS: ' ' }).LISTING_CACHE_SECONDS).toBe(30);
    // The numbers that read '' as 0, and the flags that refused ''.
    const empty = loadConfig({
      LISTING_CACHE_SECONDS: '',
      SESSION_DAYS: '',
      UPLOAD_MAX_BYTES: '',
      RATE_LIMIT_SIGN_IN_MAX: '',
      INPROCESS_WORKER: '',
      RATE_LIMIT_ENABLED: '',
    });
    expect(empty).toMatchObject({
      LISTING_CACHE_SECONDS: 30,
      SESSION_DAYS: 30,
      UPLOAD_MAX_BYTES: 4 * 1024 ** 3,
      RATE_LIMIT_SIGN_IN_MAX: 30,
      INPROCESS_WORKER: true,
      RATE_LIMIT_ENABLED: true,
    });
    // A value that is set is still read: 0 turns the listing cache off.
    expect(loadConfig({ LISTING_CACHE_SECONDS: '0' }).LISTING_CACHE_SECONDS).toBe(0);
  });

  it('bounds each cache by a setting, with defaults that fit a 2 GB machine', () => {
    expect(loadConfig({})).toMatchObject({
      PAGE_CACHE_MAX_MB: 64,
      LISTING_CACHE_MAX_ENTRIES: 2000,
      MEMBER_CACHE_MAX_MEMBERS: 10_000,
      PGLITE_SHARED_BUFFERS_MB: 32,
      NEXT_CACHE_MAX_MB: 50,
    });
    expect(loadConfig({ PAGE_CACHE_MAX_MB: '16' }).PAGE_CACHE_MAX_MB).toBe(16);
    expect(() => loadConfig({ PAGE_CACHE_MAX_MB: '0' })).toThrow(/PAGE_CACHE_MAX_MB/);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: 'lots' })).toThrow(
      /PGLITE_SHARED_BUFFERS_MB/,
    );
  });

  it('turns a provider on with both halves only, and names the missing half', () => {
    expect(() => loadConfig({ OAUTH_GITHUB_CLIENT_ID: 'id' })).toThrow(
      /OAUTH_GITHUB_CLIENT_SECRET: is needed with OAUTH_GITHUB_CLIENT_ID/,
    );
    expect(() => loadConfig({ OAUTH_GOOGLE_CLIENT_SECRET: 'secret' })).toThrow(
      /OAUTH_GOOGLE_CLIENT_ID: is needed with OAUTH_GOOGLE_CLIENT_SECRET/,
    );
    expect(() =>
      loadConfig({ OAUTH_OIDC_ISSUER: 'https://sso.example', OAUTH_OIDC_CLIENT_ID: 'id' }),
    ).toThrow(
      /OAUTH_OIDC_CLIENT_SECRET: is needed with OAUTH_OIDC_ISSUER and OAUTH_OIDC_CLIENT_ID/,
    );
    const both = loadConfig({ OAUTH_GITHUB_CLIENT_ID: 'id', OAUTH_GITHUB_CLIENT_SECRET: 'secret' });
    expect(both.OAUTH_GITHUB_CLIENT_SECRET).toBe('secret');
    expect(loadConfig({ OAUTH_GITHUB_CLIENT_ID: '', OAUTH_GITHUB_CLIENT_SECRET: '' })).toEqual(
      loadConfig({}),
    );
  });
});
