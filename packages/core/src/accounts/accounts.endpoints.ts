import { z } from 'zod';
import { NewUserRecordAnswer } from '../api/answers';
import { defineEndpoint, requireAccountServices } from '../api/endpoint';
import { ServiceError } from '../api/service-error';
import { CheckUsernameInput, Username, USERNAME_TAKEN_MESSAGE } from './accounts.schema';
import { MAX_EMAIL_LENGTH } from './auth-handler';
import { MESSAGES } from './messages';
import { findUserById, registerAccount, toNewUserRecord } from './registration.service';
import { consumeRequestLimit } from './request-limit';
import { requireMemberRight } from '../access/rights';
import { isUsernameAvailable } from './username.service';

/** Checked before registration: answers 200 when the name is free, 409 when it is taken. */
export const checkUsernameEndpoint = defineEndpoint({
  path: '/api/checkusername',
  right: 'view',
  summary: 'Whether a username is free (case-insensitive).',
  input: CheckUsernameInput,
  output: z.object({ username: z.string(), available: z.literal(true) }),
  async handle({ username }, { db }) {
    if (!(await isUsernameAvailable(db, username))) {
      throw new ServiceError('conflict', USERNAME_TAKEN_MESSAGE, { username, available: false });
    }
    return { body: { username, available: true } };
  },
});

export const CreateUserInput = z.object({
  username: Username,
  email: z
    .string()
    .max(MAX_EMAIL_LENGTH, `at most ${MAX_EMAIL_LENGTH} characters`)
    .optional()
    .describe('The e-mail address; a verification link is sent to it'),
  password: z
    .string()
    .max(4096, 'at most 4096 characters')
    .optional()
    .describe('At least 6 characters'),
});

/**
 * Registration: one account, created once and atomically, answered with the spec's new-user
 * record and success message. The account signs in after its address is verified.
 */
export const createUserEndpoint = defineEndpoint({
  path: '/api/createuser',
  right: 'view',
  summary:
    'Register an account (username, email, password); a verification link is mailed to the address.',
  input: CreateUserInput,
  output: z.object({ message: z.string(), user: NewUserRecordAnswer }),
  async handle(input, context) {
    const { auth, settings } = requireAccountServices(context);
    const { rateLimit } = settings;
    if (rateLimit.enabled) {
      await consumeRequestLimit(
        context.db,
        `createuser|${context.ip}`,
        { max: rateLimit.registerMax, windowSeconds: 600 },
        context.now(),
      );
    }
    const user = await registerAccount(context, auth, input);
    return { body: { message: MESSAGES.registered, user: toNewUserRecord(user) } };
  },
});

/**
 * The signed-in account's new-user record, for a client finishing its set-up after sign-in.
 * The username must be the caller's own; someone else's answers the spec's conflict message.
 */
export const initNewUserEndpoint = defineEndpoint({
  path: '/api/InitNewUser',
  right: 'participate',
  summary: "The signed-in account's new-user record (username must be the caller's own).",
  input: z.object({ username: Username }),
  output: z.object({ data: NewUserRecordAnswer }),
  async handle({ username }, context) {
    const actor = requireMemberRight(context.actor, 'participate');
    if (actor.username.toLowerCase() !== username.toLowerCase()) {
      throw new ServiceError('conflict', MESSAGES.usernameTaken);
    }
    const user = await findUserById(context.db, actor.id);
    if (!user) throw new ServiceError('unauthenticated', 'Please sign in first');
    return { body: { data: toNewUserRecord(user) } };
  },
});
