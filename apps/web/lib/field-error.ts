import {
  MESSAGES,
  OWN_MESSAGES,
  USERNAME_MESSAGES,
} from '@cutroom/core/features/accounts/auth/messages';

/** The fields of the account forms that the account messages (docs/messages.md) are about. */
export type AccountField = 'username' | 'email' | 'password' | 'currentPassword';

const FIELD_OF_MESSAGE = new Map<string, AccountField>([
  ...Object.values(USERNAME_MESSAGES).map((text) => [text, 'username'] as const),
  [MESSAGES.usernameTaken, 'username'],
  [MESSAGES.registerInvalidEmail, 'email'],
  [MESSAGES.loginInvalidEmail, 'email'],
  [MESSAGES.emailTaken, 'email'],
  [OWN_MESSAGES.sameEmail, 'email'],
  [MESSAGES.missingPassword, 'password'],
  [MESSAGES.passwordTooShort, 'password'],
  [OWN_MESSAGES.passwordTooLong, 'password'],
  [OWN_MESSAGES.wrongCurrentPassword, 'currentPassword'],
]);

export interface PlacedError {
  /** The form's field it belongs beside, or null for the form as a whole. */
  field: string | null;
  /** The sentence to show. */
  text: string;
}

/**
 * Where a refusal belongs on a form, as a sentence. The API names the field first ("title: is
 * at most 200 characters long"), which becomes "Title is at most 200 characters long" beside
 * Title; the account messages (docs/messages.md) are known by their words and stay word for word.
 * `labels` are the form's fields by the name the API uses, with their visible labels.
 */
export function placeError(message: string, labels: Record<string, string>): PlacedError {
  const named = /^([\w]+)(?:\.[\w.]+)?: ([\s\S]+)$/.exec(message);
  const rest = named?.[2] ?? message;
  if (named) {
    const field = named[1]!;
    const label = labels[field];
    if (label && !FIELD_OF_MESSAGE.has(rest)) {
      const startsWithName = rest.toLowerCase().startsWith(`${field.toLowerCase()} `);
      const text = !/^[a-z]/.test(rest)
        ? rest
        : startsWithName
          ? `${label}${rest.slice(field.length)}`
          : `${label} ${rest}`;
      return { field, text };
    }
  }
  const known = FIELD_OF_MESSAGE.get(rest);
  if (known && labels[known]) return { field: known, text: rest };
  return { field: null, text: message };
}
