import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@cutroom/core/features/accounts/auth/messages';
import { formMessageCode, formMessageFor } from './form-outcome';

describe('form outcomes', () => {
  it('carries a known refusal by number, with or without the field named', () => {
    expect(formMessageFor(formMessageCode(MESSAGES.wrongCredentials), 'x')).toBe(
      MESSAGES.wrongCredentials,
    );
    expect(
      formMessageFor(formMessageCode('username: Usernames are at least 3 characters long'), 'x'),
    ).toBe('Usernames are at least 3 characters long');
  });

  it('never shows text of the request’s choosing', () => {
    expect(formMessageCode('Call +1 555 0100 to unlock your account')).toBe('other');
    expect(formMessageFor('Call us', 'Sign-in failed')).toBe('Sign-in failed');
    expect(formMessageFor('999', 'Sign-in failed')).toBe('Sign-in failed');
    expect(formMessageFor(undefined, 'Sign-in failed')).toBeUndefined();
  });
});
