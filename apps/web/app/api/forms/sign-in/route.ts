import { OWN_MESSAGES } from '@cutroom/core/accounts/messages';
import { formMessageCode, formText, isFormPost, seeOther } from '@/lib/form-outcome';
import { signInFormRoute } from '@cutroom/core/accounts/accounts.routes';
import { rawRoute } from '@/lib/raw-route';
import { getRuntime } from '@/lib/runtime';
import { safeRedirectPath } from '@/lib/safe-redirect';

/**
 * The sign-in form as a browser posts it without JavaScript (a slow phone, a blocked script):
 * the same sign-in as /api/auth/sign-in/email, then back to `next` signed in, or to the form
 * with the refusal's code. With JavaScript the page posts JSON itself and never comes here.
 */
export const POST = rawRoute(signInFormRoute, async (request) => {
  if (!isFormPost(request)) return seeOther('/login');
  const form = await request.formData().catch(() => null);
  if (!form) return seeOther('/login');
  const next = safeRedirectPath(formText(form, 'next'));
  const headers = new Headers(request.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  const signIn = new Request(new URL('/api/auth/sign-in/email', request.url), {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: formText(form, 'email'), password: formText(form, 'password') }),
  });
  const { accounts } = await getRuntime();
  const answer = await accounts.handleAuthRequest(signIn);
  const body = (await answer.json().catch(() => ({}))) as {
    message?: string;
    twoFactorRedirect?: boolean;
  };
  // The second step (the app's code) is the script's: without it, say so rather than land
  // signed out with no word.
  const message = body.twoFactorRedirect ? OWN_MESSAGES.twoFactorNeedsScript : body.message;
  if (answer.ok && !body.twoFactorRedirect) {
    const cookies = new Headers();
    for (const cookie of answer.headers.getSetCookie()) cookies.append('set-cookie', cookie);
    return seeOther(next, cookies);
  }
  const query = new URLSearchParams({ error: formMessageCode(message) });
  if (next !== '/') query.set('next', next);
  return seeOther(`/login?${query}`);
});
