import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../platform/db/schema';
import { createTestDatabase } from '../../test-support/test-db';
import { createTestContext } from '../../test-support/test-context';
import { dispatch } from '../kernel/dispatch';
import { defineModeEndpoint } from '../kernel/endpoint';
import { endpoints, findEndpoint } from './endpoints';
import { buildOpenApiDocument } from './openapi';
import { ServiceError } from '../kernel/errors/service-error';

const { db } = await createTestDatabase();
const context = createTestContext(db);
const checkUsername = findEndpoint('/api/checkusername')!;

describe('/api/checkusername', () => {
  it('answers 200 for a free name', async () => {
    const result = await dispatch(checkUsername, { username: 'newcomer' }, context);
    expect(result).toEqual({
      status: 200,
      body: { username: 'newcomer', available: true, httpStatusCode: 200 },
    });
  });

  it('answers 409 with the site message (docs/messages.md) for a taken name, whatever its case', async () => {
    await db.insert(users).values({ id: 'u1', username: 'Taken', email: 't@example.com' });
    const result = await dispatch(checkUsername, { username: 'tAKEN' }, context);
    expect(result.status).toBe(409);
    expect(result.body.error).toBe('This username is already in use');
    expect(result.body.available).toBe(false);
  });

  it.each([
    [{}, 'username: A username is required'],
    [{ username: 'ab' }, 'username: Usernames are at least 3 characters long'],
    [
      { username: 'bad name' },
      'username: Usernames use letters, digits, _ . and - and start with a letter or digit',
    ],
    [{ username: 'ab\u0000c' }, 'username: text may not contain NUL characters'],
    [[1, 2], 'The request body must be a JSON object'],
    [null, 'The request body must be a JSON object'],
  ])('answers 400 with a message for %j', async (body, message) => {
    const result = await dispatch(checkUsername, body, context);
    expect(result).toEqual({ status: 400, body: { error: message, httpStatusCode: 400 } });
  });
});

describe('mode endpoints', () => {
  const endpoint = defineModeEndpoint({
    path: '/api/example',
    summary: 'example',
    modes: {
      Echo: {
        right: 'view',
        summary: 'echo',
        input: z.object({ text: z.string() }),
        output: z.object({ data: z.string() }),
        handle: async ({ text }) => ({ body: { data: text } }),
      },
      Refuse: {
        right: 'view',
        summary: 'refuse',
        input: z.object({}),
        output: z.object({}),
        handle: async () => {
          throw new ServiceError('forbidden', 'Not for you');
        },
      },
      Crash: {
        right: 'view',
        summary: 'crash',
        input: z.object({}),
        output: z.object({}),
        handle: async () => {
          throw new TypeError('boom');
        },
      },
    },
  });

  it('dispatches on mode', async () => {
    expect(await dispatch(endpoint, { mode: 'Echo', text: 'hi' }, context)).toEqual({
      status: 200,
      body: { data: 'hi', httpStatusCode: 200 },
    });
  });

  it('answers 400 naming the modes for an unknown one', async () => {
    const result = await dispatch(endpoint, { mode: 'Nope' }, context);
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(/Echo/);
  });

  it('maps a service refusal to its status', async () => {
    const result = await dispatch(endpoint, { mode: 'Refuse' }, context);
    expect(result).toEqual({ status: 403, body: { error: 'Not for you', httpStatusCode: 403 } });
  });

  it('answers 500 without details for an unexpected fault', async () => {
    const result = await dispatch(endpoint, { mode: 'Crash' }, context);
    expect(result.status).toBe(500);
    expect(JSON.stringify(result.body)).not.toMatch(/boom/);
  });
});

describe('OpenAPI document', () => {
  it('describes every endpoint with its input schema', () => {
    const document = buildOpenApiDocument(endpoints, { title: 'Cutroom', version: '1' });
    const paths = document.paths as Record<string, { post: { requestBody: unknown } }>;
    expect(Object.keys(paths)).toContain('/api/checkusername');
    expect(JSON.stringify(paths['/api/checkusername']!.post.requestBody)).toContain('username');
  });

  it('describes each answer with its schema: the listing answer names `_id`', () => {
    const document = buildOpenApiDocument(endpoints, { title: 'Cutroom', version: '1' });
    const answer = (path: string) =>
      JSON.stringify(
        (document.paths as Record<string, { post: { responses: Record<string, unknown> } }>)[path]!
          .post.responses['200'],
      );
    expect(answer('/api/getmorevideos')).toContain('"_id"');
    expect(answer('/api/getmorevideos')).toContain('"httpStatusCode"');
    expect(answer('/api/v2/search')).toContain('"_id"');
  });
});
