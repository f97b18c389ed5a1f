import { twoFactorFormRoute } from '@cutroom/core/features/accounts/auth/accounts.routes';
import { secondStepPath } from '@cutroom/core/features/accounts/auth/sign-in-steps';
import { safeRedirectPath } from '@cutroom/core/kernel/safe-redirect';
import { askAuthForForm } from '@/lib/server/auth-form-post';
import { formMessageCode, formText, isFormPost, seeOther } from '@/lib/form-outcome';
import { rawRoute } from '@/lib/server/raw-route';

/**
 * The second step of a sign-in as a browser posts it without JavaScript: the app's code
 * (better-auth's verify-totp) or a recovery code (verify-backup-code), with the pending
 * sign-in's cookie. Signed in, it goes on to `next`; refused, back to the code's form with the
 * refusal's code (a sign-in that took too long says so there, with a way back to the start).
 */
export const POST = rawRoute(twoFactorFormRoute, async (request) => {
  if (!isFormPost(request)) return seeOther('/login');
  const form = await request.formData().catch(() => null);
  if (!form) return seeOther('/login');
  const next = safeRedirectPath(formText(form, 'next'));
  const recovery = formText(form, 'kind') === 'recovery';
  const answer = await askAuthForForm(
    request,
    recovery ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp',
    { code: formText(form, 'code').trim() },
  );
  if (answer.ok) return seeOther(next, answer.cookies);
  const error = formMessageCode(answer.body.message);
  return seeOther(
    secondStepPath(next, { kind: recovery ? 'recovery' : undefined, error }),
    answer.cookies,
  );
});
