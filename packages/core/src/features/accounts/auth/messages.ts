import { REFUSAL_MESSAGES } from '../../../access/refusal-messages';

/** The messages of registration and sign-in (docs/messages.md), word for word. */
export const MESSAGES = {
  usernameTaken: 'This username is already in use',
  registerInvalidEmail: 'Invalid email',
  emailTaken: 'This email is already in use',
  missingPassword: 'Missing Password',
  passwordTooShort: 'Password should be at least 6 characters',
  registered:
    "We've sent you an email. If you don't see it please check your spam folder or contact support",
  loginInvalidEmail: 'Invalid Email',
  wrongCredentials:
    "Wrong credentials. Please check if you've entered your email or password correctly",
  tooManyRequests: REFUSAL_MESSAGES.tooManyRequests,
  disabled: 'This account has been disabled. Have you been a bad boy? Please contact support',
  unverified: REFUSAL_MESSAGES.unverified,
} as const;

/** The other account messages (docs/messages.md, "Other account messages"). */
export const OWN_MESSAGES = {
  notSignedIn: REFUSAL_MESSAGES.notSignedIn,
  adminOnly: REFUSAL_MESSAGES.adminOnly,
  passwordTooLong: 'Passwords are at most 128 characters long',
  verificationSent:
    'If an account with this address is waiting for verification, a new link is on its way',
  resetSent: 'If an account with this address exists, a link to reset its password is on its way',
  resetInvalid: 'This link is invalid or has expired. Please ask for a new one',
  passwordChanged: 'Your password has been changed',
  wrongCurrentPassword: 'Your current password is not correct',
  emailChangeSent: 'We have sent a link to your new address. Your e-mail changes when you open it',
  sameEmail: 'This is already your e-mail address',
  botCheckMissing: 'Please complete the check that you are not a robot',
  botCheckFailed: 'The check that you are not a robot failed. Please try again',
  magicLinkSent:
    'If an account with this address exists, a sign-in link is on its way. It works for 15 minutes',
  wrongTwoFactorCode: 'This code is not correct. Please try again',
  twoFactorExpired: 'Your sign-in took too long. Please sign in again',
  signInLinkInvalid: 'This sign-in link is invalid, used or has expired. Please ask for a new one',
  oauthFailed: 'Signing in with that provider did not work. Please try again',
} as const;

/** What a refused username is told (here, not beside its schema: pages read it without zod). */
export const USERNAME_MESSAGES = {
  required: 'A username is required',
  tooShort: 'Usernames are at least 3 characters long',
  tooLong: 'Usernames are at most 24 characters long',
  shape: 'Usernames use letters, digits, _ . and - and start with a letter or digit',
  reserved: 'This username is reserved',
} as const;

/** The default minimum password length (docs/sign-in.md). */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * better-auth's error codes, mapped to the message a person should read. The sign-in ones
 * follow the mapping of docs/messages.md ("Sign-in").
 */
export const AUTH_CODE_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: MESSAGES.wrongCredentials,
  INVALID_PASSWORD: OWN_MESSAGES.wrongCurrentPassword,
  EMAIL_NOT_VERIFIED: MESSAGES.unverified,
  BANNED_USER: MESSAGES.disabled,
  USER_ALREADY_EXISTS: MESSAGES.emailTaken,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: MESSAGES.emailTaken,
  USERNAME_IS_ALREADY_TAKEN: MESSAGES.usernameTaken,
  PASSWORD_TOO_SHORT: MESSAGES.passwordTooShort,
  PASSWORD_TOO_LONG: OWN_MESSAGES.passwordTooLong,
  INVALID_TOKEN: OWN_MESSAGES.resetInvalid,
  TOKEN_EXPIRED: OWN_MESSAGES.resetInvalid,
  INVALID_CODE: OWN_MESSAGES.wrongTwoFactorCode,
  INVALID_BACKUP_CODE: OWN_MESSAGES.wrongTwoFactorCode,
  INVALID_TWO_FACTOR_COOKIE: OWN_MESSAGES.twoFactorExpired,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: MESSAGES.tooManyRequests,
};

/**
 * A disabled account's sign-in answer: the site's sentence (docs/messages.md) word for word, then
 * the reason staff gave when they gave one.
 */
export const disabledMessage = (reason: string | null) =>
  reason?.trim() ? `${MESSAGES.disabled}. Reason: ${reason.trim()}` : MESSAGES.disabled;
