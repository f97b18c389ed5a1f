import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { findEndpoint } from '../../../api/endpoints';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { DEFAULT_AUTH_RATE_LIMIT } from './auth';
import { createAuthHarness } from '../../../../test-support/accounts/auth-harness';

const { db } = await createTestDatabase();
const { accounts } = await createAuthHarness(db, {
  settings: { rateLimit: { ...DEFAULT_AUTH_RATE_LIMIT, registerMax: 3 } },
});
const createUser = findEndpoint('/api/createuser')!;

describe('registrations per IP', () => {
  it('refuses registrations past the limit from one address, not from another', async () => {
    const from = (ip: string, n: number) =>
      dispatch(
        createUser,
        {
          username: `limited${ip.replace(/\D/g, '')}x${n}`,
          email: `l${n}.${ip}@example.org`,
          password: 'secret-1',
        },
        { ...createTestContext(db, { ip }), accounts },
      );
    const statuses = [];
    for (let n = 1; n <= 4; n++) statuses.push((await from('192.0.2.50', n)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await from('192.0.2.50', 5);
    expect(refused.body.error).toBe('Too many requests. Please try again later');
    expect((await from('192.0.2.51', 1)).status).toBe(200);
  });
});

describe('sign-in attempts per IP', () => {
  it('answers the site message (docs/messages.md) past the limit', async () => {
    const { signIn } = await createAuthHarness(db, {
      settings: { rateLimit: { ...DEFAULT_AUTH_RATE_LIMIT, registerMax: 3, signInMax: 5 } },
    });
    const answers: [number, unknown][] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      const { response, body } = await signIn(
        `stranger${attempt}@example.org`,
        'whatever',
        '192.0.2.60',
      );
      answers.push([response.status, body.message]);
    }
    expect(answers.slice(0, 5).map(([status]) => status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[5]).toEqual([429, 'Too many requests. Please try again later']);
    const elsewhere = await signIn('stranger7@example.org', 'whatever', '192.0.2.61');
    expect(elsewhere.response.status).toBe(401);
  });
});
