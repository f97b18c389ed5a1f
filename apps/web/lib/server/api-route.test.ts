import { describe, expect, it } from 'vitest';
import { apiEndpoints } from './openapi';
import { createPostHandler } from './api-route';

const post = (contentType: string | null, body: string) =>
  new Request('http://cutroom.test/api/x', {
    method: 'POST',
    headers: contentType ? { 'content-type': contentType } : {},
    body,
  });

describe('JSON endpoints over HTTP', () => {
  it.each(apiEndpoints.map((endpoint) => [endpoint.path, endpoint] as const))(
    '%s takes only application/json: any other body answers 415 with a message',
    async (_path, endpoint) => {
      const handler = createPostHandler(endpoint);
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/jsonp',
        null,
      ]) {
        const response = await handler(post(type, '{"mode":"x"}'));
        expect(response.status, String(type)).toBe(415);
        expect((await response.json()).error).toBe(
          'Content-Type: send the request body as application/json',
        );
      }
    },
  );

  it('answers malformed JSON with 400 and a message', async () => {
    const response = await createPostHandler(apiEndpoints[0]!)(
      post('application/json; charset=utf-8', '{"username": '),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('The request body must be valid JSON');
  });
});
