import { consoleEndpoint } from '@cutroom/core/features/site/console/console.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

const handle = createPostHandler(consoleEndpoint);

/**
 * Clients of the JSON API send their token in the body (`authToken`, docs/api.md): without an
 * Authorization header, it becomes one, so it authenticates exactly as a bearer token does.
 */
export async function POST(request: Request): Promise<Response> {
  if (request.headers.has('authorization')) return handle(request);
  const text = await request.text();
  let token: unknown;
  try {
    token = (JSON.parse(text) as { authToken?: unknown } | null)?.authToken;
  } catch {
    token = undefined;
  }
  const headers = new Headers(request.headers);
  if (typeof token === 'string' && /^[\w.~+/=-]{1,4096}$/.test(token)) {
    headers.set('authorization', `Bearer ${token}`);
  }
  return handle(new Request(request.url, { method: 'POST', headers, body: text }));
}
