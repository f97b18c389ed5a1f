'use client';

/** What a call answers when the request never reached the server (docs/messages.md). */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again';

/**
 * A call's answer as the site's components use it: whether it succeeded, its status (0 when the
 * network failed), its body, and the server's message and code when it sent them.
 */
export interface ApiResult<Body = Record<string, unknown>> {
  ok: boolean;
  status: number;
  body: Body & { error?: string; message?: string; Message?: string; code?: string };
  /** The server's message (the body's `error` or `message`), or the network error's. */
  message?: string;
  code?: string;
}

/**
 * POSTs JSON to one of the site's endpoints (the JSON API, or /api/auth) with the session
 * cookie; never throws: a network failure answers status 0 and NETWORK_ERROR_MESSAGE. The one
 * way the browser calls the server.
 */
export async function callApi<Body = Record<string, unknown>>(
  path: string,
  payload: object,
): Promise<ApiResult<Body>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      credentials: 'same-origin',
    });
  } catch {
    const body = { error: NETWORK_ERROR_MESSAGE } as ApiResult<Body>['body'];
    return { ok: false, status: 0, body, message: NETWORK_ERROR_MESSAGE };
  }
  const body = (await response.json().catch(() => ({}))) as ApiResult<Body>['body'];
  const message =
    typeof body.error === 'string'
      ? body.error
      : typeof body.message === 'string'
        ? body.message
        : undefined;
  const code = typeof body.code === 'string' ? body.code : undefined;
  return { ok: response.ok, status: response.status, body, message, code };
}
