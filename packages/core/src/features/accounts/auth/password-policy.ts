// No zod here: the register form checks passwords in the browser with these same rules.
import { MAX_PASSWORD_LENGTH, MESSAGES, MIN_PASSWORD_LENGTH, OWN_MESSAGES } from './messages';

/**
 * The password policy (docs/sign-in.md): a minimum length (6 unless configured), an optional
 * maximum, and optional lowercase, uppercase, numeric and non-alphanumeric requirements. The server
 * serves it to the register form and enforces it on registration, reset and change.
 */
export interface PasswordPolicy {
  minLength: number;
  /** null: only the site's hard limit of 128 characters. */
  maxLength: number | null;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: null,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
};

export type PasswordRule =
  'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'numeric' | 'nonAlphanumeric';

/** The longest password the policy allows (never beyond the site's hard limit). */
export function policyMaxLength(policy: PasswordPolicy): number {
  return Math.min(policy.maxLength ?? MAX_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH);
}

/** The policy's rules as a person reads them, in the order the form lists them. */
export function passwordRules(policy: PasswordPolicy): { rule: PasswordRule; text: string }[] {
  const rules: { rule: PasswordRule; text: string }[] = [
    { rule: 'minLength', text: `At least ${policy.minLength} characters` },
  ];
  if (policy.maxLength !== null) {
    rules.push({ rule: 'maxLength', text: `At most ${policyMaxLength(policy)} characters` });
  }
  if (policy.requireLowercase) rules.push({ rule: 'lowercase', text: 'A lowercase letter' });
  if (policy.requireUppercase) rules.push({ rule: 'uppercase', text: 'An uppercase letter' });
  if (policy.requireNumeric) rules.push({ rule: 'numeric', text: 'A digit' });
  if (policy.requireNonAlphanumeric) {
    rules.push({ rule: 'nonAlphanumeric', text: 'A character that is not a letter or digit' });
  }
  return rules;
}

/** Whether the password meets one rule. */
export function meetsRule(policy: PasswordPolicy, rule: PasswordRule, password: string): boolean {
  switch (rule) {
    case 'minLength':
      return password.length >= policy.minLength;
    case 'maxLength':
      return password.length <= policyMaxLength(policy);
    case 'lowercase':
      return /\p{Ll}/u.test(password);
    case 'uppercase':
      return /\p{Lu}/u.test(password);
    case 'numeric':
      return /\p{Nd}/u.test(password);
    case 'nonAlphanumeric':
      return /[^\p{L}\p{Nd}]/u.test(password);
  }
}

/**
 * What is wrong with a password under the policy, as one message; null when it passes. The
 * length messages are those of docs/messages.md at the default length.
 */
export function passwordProblem(policy: PasswordPolicy, password: string): string | null {
  if (password.length === 0) return MESSAGES.missingPassword;
  if (password.length < policy.minLength) {
    return policy.minLength === MIN_PASSWORD_LENGTH
      ? MESSAGES.passwordTooShort
      : `Password should be at least ${policy.minLength} characters`;
  }
  const max = policyMaxLength(policy);
  if (password.length > max) {
    return max === MAX_PASSWORD_LENGTH
      ? OWN_MESSAGES.passwordTooLong
      : `Passwords are at most ${max} characters long`;
  }
  const missing = passwordRules(policy)
    .filter(({ rule }) => rule !== 'minLength' && rule !== 'maxLength')
    .filter(({ rule }) => !meetsRule(policy, rule, password))
    .map(({ text }) => text.charAt(0).toLowerCase() + text.slice(1));
  if (missing.length === 0) return null;
  return `Password must contain ${missing.join(', ')}`;
}
