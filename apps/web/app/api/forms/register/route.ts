import { createUserEndpoint } from '@cutroom/core/features/accounts/auth/accounts.endpoints';
import { dispatch } from '@cutroom/core/kernel/dispatch';
import { requestContextFor } from '@/lib/server/api-route';
import { formMessageCode, formText, isFormPost, seeOther } from '@/lib/form-outcome';

/**
 * The registration form as a browser posts it without JavaScript: the same registration as
 * /api/createuser, then back to the form with its outcome's code.
 */
export async function POST(request: Request): Promise<Response> {
  if (!isFormPost(request)) return seeOther('/register');
  const form = await request.formData().catch(() => null);
  if (!form) return seeOther('/register');
  const result = await dispatch(
    createUserEndpoint,
    {
      username: formText(form, 'username'),
      email: formText(form, 'email'),
      password: formText(form, 'password'),
      // A hosted bot check's widget fills in its field without the page's scripts.
      botCheck:
        formText(form, 'cf-turnstile-response') ||
        formText(form, 'h-captcha-response') ||
        formText(form, 'g-recaptcha-response') ||
        undefined,
    },
    await requestContextFor(request),
  );
  if (result.status < 300) return seeOther('/register?done=1');
  const message = typeof result.body.error === 'string' ? result.body.error : undefined;
  return seeOther(`/register?error=${formMessageCode(message)}`);
}
