import { requireAccountServices } from './auth';
import { z } from 'zod';
import { NewUserRecordAnswer } from '../../discovery/browse';
import { defineEndpoint } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import { CheckUsernameInput, Username, USERNAME_TAKEN_MESSAGE } from './accounts.schema';
import { MAX_EMAIL_LENGTH } from './auth-handler';
import { botCheckConfig, DEFAULT_BOT_CHECK, verifyBotCheck } from './bot-check';
import { MESSAGES } from './messages';
import { DEFAULT_PASSWORD_POLICY } from './password-policy';
import { findUserById, registerAccount, toNewUserRecord } from './registration.service';
import { consumeRequestLimit } from '../../../access/request-limit';
import { requireMemberRight } from '../../../access/rights';
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
    .describe('At least 6 characters, or what the password policy asks (/api/v2/passwordPolicy)'),
  botCheck: z
    .string()
    .max(4096, 'at most 4096 characters')
    .optional()
    .describe(
      "The answer to the bot check of /api/v2/recaptchaConfig: the solved proof of work (base64 JSON) or the hosted widget's token",
    ),
});

/**
 * Registration: one account, created once and atomically, answered with the new-user
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
      await consumeRequestLimit(context, `createuser|${context.ip}`, {
        max: rateLimit.registerMax,
        windowSeconds: 600,
      });
    }
    await verifyBotCheck(
      context,
      settings.botCheck ?? DEFAULT_BOT_CHECK,
      powKey(settings.secret),
      input.botCheck,
      context.ip,
    );
    const user = await registerAccount(context, auth, input, {
      passwordPolicy: settings.passwordPolicy,
    });
    return { body: { message: MESSAGES.registered, user: toNewUserRecord(user) } };
  },
});

/**
 * The signed-in account's new-user record, for a client finishing its set-up after sign-in. The
 * username must be the caller's own; someone else's answers the conflict message
 * (docs/messages.md).
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

/** The key proof-of-work challenges are signed with: derived from the auth secret. */
export const powKey = (secret: string) => `bot-check:${secret}`;

const PasswordPolicyAnswer = z.object({
  minLength: z.number().int(),
  maxLength: z.number().int().nullable(),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumeric: z.boolean(),
  requireNonAlphanumeric: z.boolean(),
});

/** The password policy (docs/sign-in.md), as the register form and API clients check it. */
export const passwordPolicyEndpoint = defineEndpoint({
  path: '/api/v2/passwordPolicy',
  right: 'view',
  summary:
    'The password policy: minimum length (6 by default), optional maximum, and whether a lowercase letter, an uppercase one, a digit or a non-alphanumeric character is required.',
  input: z.object({}),
  output: z.object({ policy: PasswordPolicyAnswer }),
  async handle(_input, context) {
    const { settings } = requireAccountServices(context);
    return { body: { policy: settings.passwordPolicy ?? DEFAULT_PASSWORD_POLICY } };
  },
});

/**
 * The bot check registration asks for: a fresh proof-of-work challenge (solved in the
 * browser, no third party), a hosted provider's site key, or none.
 */
export const recaptchaConfigEndpoint = defineEndpoint({
  path: '/api/v2/recaptchaConfig',
  right: 'view',
  summary:
    "The bot check of registration: provider 'pow' with a fresh challenge (find number with SHA-256(salt + number) = challenge, send base64 JSON {algorithm, challenge, number, salt, signature} as botCheck), a hosted provider with its site key, or 'off'.",
  input: z.object({}),
  output: z.object({
    provider: z.enum(['pow', 'off', 'turnstile', 'hcaptcha', 'recaptcha']),
    siteKey: z.string().optional(),
    challenge: z
      .object({
        algorithm: z.string(),
        challenge: z.string(),
        maxnumber: z.number().int(),
        salt: z.string(),
        signature: z.string(),
      })
      .optional(),
  }),
  async handle(_input, context) {
    const { settings } = requireAccountServices(context);
    const config = await botCheckConfig(
      settings.botCheck ?? DEFAULT_BOT_CHECK,
      powKey(settings.secret),
      context.now(),
    );
    return { body: config };
  },
});
