import {
  MESSAGES,
  OWN_MESSAGES,
  USERNAME_MESSAGES,
} from '@cutroom/core/features/accounts/auth/messages';
import { safeRedirectPath } from '@cutroom/core/kernel/safe-redirect';

/**
 * The refusals a sign-in or registration posted without JavaScript can meet. The page it
 * returns to is told which by its number in this list, so no text of the request's choosing
 * is ever shown, and nothing typed (least of all a password) travels in the address.
 */
const FORM_MESSAGES: readonly string[] = [
  ...new Set([
    ...Object.values(MESSAGES),
    ...Object.values(OWN_MESSAGES),
    ...Object.values(USERNAME_MESSAGES),
  ]),
];

/** The number of a refusal, or 'other' when it is not a known one. */
export function formMessageCode(message: string | undefined): string {
  if (!message) return 'other';
  // Answers of the JSON API name the field first ("username: ...").
  const text = message.replace(/^[\w.]+: /, '');
  const index = FORM_MESSAGES.indexOf(text);
  return index >= 0 ? String(index) : 'other';
}

/** The refusal a code stands for; a general one for 'other', nothing for no code. */
export function formMessageFor(code: string | undefined, fallback: string): string | undefined {
  if (!code) return undefined;
  const index = /^\d{1,3}$/.test(code) ? Number(code) : -1;
  return FORM_MESSAGES[index] ?? fallback;
}

/** Whether a request carries a form as browsers post it. */
export function isFormPost(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(type.trim());
}

/** A 303 to a path of this site (the browser then loads it with GET). */
export function seeOther(path: string, headers?: Headers): Response {
  const out = new Headers(headers);
  out.set('location', safeRedirectPath(path));
  return new Response(null, { status: 303, headers: out });
}

/** A text field of a posted form ('' when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
