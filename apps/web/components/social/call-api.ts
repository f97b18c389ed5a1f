'use client';

/** An API answer as the site's components use it: ok, the body, and a message to show. */
export interface ApiResult<Body = Record<string, unknown>> {
  ok: boolean;
  status: number;
  body: Body & { error?: string; Message?: string };
}

/** POSTs JSON to one of the site's API endpoints; network failures answer status 0. */
export async function callApi<Body = Record<string, unknown>>(
  path: string,
  payload: object,
): Promise<ApiResult<Body>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const body = (await response.json().catch(() => ({}))) as ApiResult<Body>['body'];
    return { ok: response.ok, status: response.status, body };
  } catch {
    return {
      ok: false,
      status: 0,
      body: { error: 'Network error. Please try again' } as ApiResult<Body>['body'],
    };
  }
}
