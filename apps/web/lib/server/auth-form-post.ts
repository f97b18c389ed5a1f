import { getRuntime } from './runtime';

/** better-auth's answer to a form's fields, and the cookies it sets, to pass on. */
export interface AuthFormAnswer {
  ok: boolean;
  body: { message?: string; twoFactorRedirect?: boolean };
  cookies: Headers;
}

/**
 * A form posted without JavaScript, asked of better-auth as the page's script would ask it:
 * the same JSON call to `path` under /api/auth, with the browser's own headers (its cookies,
 * its address for the limits). The answer's cookies are handed back for the redirect.
 */
export async function askAuthForForm(
  request: Request,
  path: string,
  fields: Record<string, string>,
): Promise<AuthFormAnswer> {
  const headers = new Headers(request.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  const call = new Request(new URL(`/api/auth${path}`, request.url), {
    method: 'POST',
    headers,
    body: JSON.stringify(fields),
  });
  const { accounts } = await getRuntime();
  const answer = await accounts.handleAuthRequest(call);
  const body = (await answer.json().catch(() => ({}))) as AuthFormAnswer['body'];
  const cookies = new Headers();
  for (const cookie of answer.headers.getSetCookie()) cookies.append('set-cookie', cookie);
  return { ok: answer.ok, body, cookies };
}
