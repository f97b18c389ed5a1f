import { signInFormRoute } from '@cutroom/core/features/accounts/auth/accounts.routes';
import { secondStepPath } from '@cutroom/core/features/accounts/auth/sign-in-steps';
import { safeRedirectPath } from '@cutroom/core/kernel/safe-redirect';
import { askAuthForForm } from '@/lib/server/auth-form-post';
import { formMessageCode, formText, isFormPost, seeOther } from '@/lib/form-outcome';
import { rawRoute } from '@/lib/server/raw-route';

/**
 * The sign-in form as a browser posts it without JavaScript (a slow phone, a blocked script):
 * the same sign-in as /api/auth/sign-in/email, then back to `next` signed in, on to the
 * code's form when two-factor sign-in is on, or to the form with the refusal's code. With
 * JavaScript the page posts JSON itself and never comes here.
 */
export const POST = rawRoute(signInFormRoute, async (request) => {
  if (!isFormPost(request)) return seeOther('/login');
  const form = await request.formData().catch(() => null);
  if (!form) return seeOther('/login');
  const next = safeRedirectPath(formText(form, 'next'));
  const answer = await askAuthForForm(request, '/sign-in/email', {
    email: formText(form, 'email'),
    password: formText(form, 'password'),
  });
  // The pending sign-in's cookie goes along to the second step.
  if (answer.ok && answer.body.twoFactorRedirect) {
    return seeOther(secondStepPath(next), answer.cookies);
  }
  if (answer.ok) return seeOther(next, answer.cookies);
  const query = new URLSearchParams({ error: formMessageCode(answer.body.message) });
  if (next !== '/') query.set('next', next);
  return seeOther(`/login?${query}`);
});
