import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@cutroom/core/features/accounts/auth/messages';
import { VISIBILITY_MESSAGES } from '@cutroom/core/features/videos/settings/visibility.service';
import { placeError } from './field-error';

const labels = { username: 'Username', email: 'E-mail', password: 'Password', title: 'Title' };

describe('placeError', () => {
  it('puts an API refusal beside the field it names, as a sentence', () => {
    expect(placeError('title: is at most 200 characters long', labels)).toEqual({
      field: 'title',
      text: 'Title is at most 200 characters long',
    });
    expect(placeError('email: email is not an e-mail address', labels)).toEqual({
      field: 'email',
      text: 'E-mail is not an e-mail address',
    });
    expect(placeError('username: Usernames are at least 3 characters long', labels)).toEqual({
      field: 'username',
      text: 'Usernames are at least 3 characters long',
    });
    // An unknown viewer of a private video reads as a sentence beside its field.
    expect(
      placeError(VISIBILITY_MESSAGES.unknownViewer('nobody_here'), {
        viewers: 'People who may watch',
      }),
    ).toEqual({ field: 'viewers', text: 'There is no member called "nobody_here"' });
  });

  it('keeps the account messages (docs/messages.md) word for word beside their field', () => {
    expect(placeError(MESSAGES.passwordTooShort, labels)).toEqual({
      field: 'password',
      text: MESSAGES.passwordTooShort,
    });
    expect(placeError(MESSAGES.emailTaken, labels)).toEqual({
      field: 'email',
      text: MESSAGES.emailTaken,
    });
    expect(placeError(`username: ${MESSAGES.usernameTaken}`, labels)).toEqual({
      field: 'username',
      text: MESSAGES.usernameTaken,
    });
  });

  it('leaves for the form as a whole what names no field of this form', () => {
    expect(placeError(MESSAGES.wrongCredentials, labels)).toEqual({
      field: null,
      text: MESSAGES.wrongCredentials,
    });
    expect(placeError('subject: is required', labels)).toEqual({
      field: null,
      text: 'subject: is required',
    });
    expect(placeError(MESSAGES.passwordTooShort, { email: 'E-mail' })).toEqual({
      field: null,
      text: MESSAGES.passwordTooShort,
    });
  });
});
