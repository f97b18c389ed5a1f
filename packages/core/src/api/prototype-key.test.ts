import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test-support/test-context';
import { createTestDatabase } from '../../test-support/test-db';
import { createUser } from '../../test-support/factories';
import { dispatch } from '../kernel/dispatch';
import { endpoints, findEndpoint } from './endpoints';

const { db } = await createTestDatabase();
const admin = await createUser(db, { role: 'admin' });
const context = createTestContext(db, { actor: admin.actor });
const refusal = 'has fields this call does not take: __proto__';

describe('a __proto__ key in a body', () => {
  it('is refused with 400 like an unknown field on a call that takes no input', async () => {
    const account = findEndpoint('/api/v2/account')!;
    // This call lets any other field through, and answers; __proto__ it refuses.
    expect((await dispatch(account, { mode: 'LoadAccess', extra: 1 }, context)).status).toBe(200);
    expect(await dispatch(account, JSON.parse('{"__proto__": {"admin": true}}'), context)).toEqual({
      status: 400,
      body: { error: refusal, httpStatusCode: 400 },
    });
    expect(
      await dispatch(account, JSON.parse('{"mode": "LoadAccess", "__proto__": {}}'), context),
    ).toEqual({ status: 400, body: { error: refusal, httpStatusCode: 400 } });
    // Inside a field too, named by its path.
    const profile = findEndpoint('/api/v2/profileInput')!;
    const nested = await dispatch(
      profile,
      JSON.parse('{"mode": "UpdateProfile", "links": {"__proto__": {"x": 1}}}'),
      context,
    );
    expect(nested).toMatchObject({ status: 400, body: { error: `links: ${refusal}` } });
  });

  it('is refused by every call and mode, before its handler runs', async () => {
    const answers: string[] = [];
    for (const endpoint of endpoints) {
      const modes = endpoint.modes ? Object.keys(endpoint.modes) : [undefined];
      for (const mode of modes) {
        const body = JSON.parse(
          `{"__proto__": {"role": "admin"}${mode ? `, "mode": "${mode}"` : ''}}`,
        );
        const result = await dispatch(endpoint, body, context);
        if (result.status !== 400 || result.body.error !== refusal) {
          answers.push(
            `${endpoint.path}#${mode ?? ''}: ${result.status} ${String(result.body.error)}`,
          );
        }
      }
    }
    expect(answers).toEqual([]);
  });
});
