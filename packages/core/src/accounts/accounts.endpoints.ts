import { defineEndpoint } from '../api/endpoint';
import { ServiceError } from '../api/service-error';
import { CheckUsernameInput, USERNAME_TAKEN_MESSAGE } from './accounts.schema';
import { isUsernameAvailable } from './username.service';

/** Checked before registration: answers 200 when the name is free, 409 when it is taken. */
export const checkUsernameEndpoint = defineEndpoint({
  path: '/api/checkusername',
  summary: 'Whether a username is free (case-insensitive).',
  input: CheckUsernameInput,
  async handle({ username }, { db }) {
    if (!(await isUsernameAvailable(db, username))) {
      throw new ServiceError('conflict', USERNAME_TAKEN_MESSAGE, { username, available: false });
    }
    return { body: { username, available: true } };
  },
});
