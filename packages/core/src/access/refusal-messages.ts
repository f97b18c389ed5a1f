/**
 * What a refusal by the rights table says (docs/accounts.md): the account messages the rights
 * need, kept here so that access depends on no feature. The accounts feature words the rest.
 */
export const REFUSAL_MESSAGES = {
  unverified:
    "Your email isn't verified. Please check your inbox or request a new verification email",
  notSignedIn: 'Please sign in first',
  adminOnly: 'Only admins may do this',
} as const;
