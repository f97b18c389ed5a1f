import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from '../../../platform/logging/logger';

describe('log redaction', () => {
  it('keeps tokens of links out of request URLs', () => {
    expect(redactUrl('/api/auth/verify-email?token=eyJabc.def&callbackURL=/verify')).toBe(
      '/api/auth/verify-email?[redacted]',
    );
    expect(redactUrl('/api/auth/reset-password/AbC123?callbackURL=/reset-password')).toBe(
      '/api/auth/reset-password/[redacted]?[redacted]',
    );
    expect(redactUrl('/api/auth/reset-password/AbC123')).toBe(
      '/api/auth/reset-password/[redacted]',
    );
    expect(redactUrl('/reset-password?token=xyz')).toBe('/reset-password?[redacted]');
    expect(redactUrl('/browse?page=2')).toBe('/browse?page=2');
    // A media grant is a key to a closed video's bytes (docs/security.md, "Media").
    expect(
      redactUrl('/media/k/mx2c1.u123.AbCdEfGhIjKlMnOpQrStUvWx/videos/v1/vab/master.m3u8'),
    ).toBe('/media/k/[redacted]/videos/v1/vab/master.m3u8');
  });

  it('keeps forms sent as GET before their scripts loaded out of the logs', () => {
    expect(redactUrl('/register?username=a&email=a%40b.c&password=hunter2')).toBe(
      '/register?[redacted]',
    );
    expect(redactUrl('/login?email=a%40b.c&password=hunter2&next=/upload')).toBe(
      '/login?[redacted]',
    );
    expect(redactUrl('/search?q=cats&api_key=k1&Pass%77ord=p&x-auth=t&sig=1')).toBe(
      '/search?q=cats&api_key=[redacted]&Pass%77ord=[redacted]&x-auth=[redacted]&sig=1',
    );
  });

  it('redacts passwords, tokens, cookies and authorization headers in log lines', () => {
    const lines: string[] = [];
    const log = createLogger({
      level: 'info',
      destination: { write: (line) => void lines.push(line) },
    });
    log.info(
      {
        url: '/api/auth/verify-email?token=secret-token-1',
        password: 'hunter22',
        body: { password: 'hunter23', newPassword: 'hunter24', token: 'secret-token-2' },
        headers: {
          authorization: 'Bearer secret-token-3',
          cookie: 'cutroom.session_token=secret-token-4',
        },
        refreshToken: 'secret-token-5',
        input: { mode: 'Unlock', unlock: 'secret-token-6', grant: 'secret-token-7' },
      },
      'request',
    );
    const text = lines.join('\n');
    for (const secret of [
      'secret-token-1',
      'hunter22',
      'hunter23',
      'hunter24',
      'secret-token-2',
      'secret-token-3',
      'secret-token-4',
      'secret-token-5',
      'secret-token-6',
      'secret-token-7',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });

  it('keeps the parameters of a failed query out of logged errors', () => {
    const lines: string[] = [];
    const log = createLogger({
      level: 'info',
      destination: { write: (line) => void lines.push(line) },
    });
    const error = new Error(
      'Failed query: insert into "sessions" ("token") values ($1)\nparams: secret-session-token',
    );
    log.error({ err: error }, 'endpoint failed');
    expect(lines.join('\n')).not.toContain('secret-session-token');
    expect(lines.join('\n')).toContain('Failed query: insert into');
  });
});
