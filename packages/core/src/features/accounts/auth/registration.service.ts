import { hashPassword } from 'better-auth/crypto';
import { generateId } from 'better-auth';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ServiceContext } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import { accounts, users, type User } from '../../../platform/db/schema';
import type { Auth } from './auth';
import { VERIFY_LANDING_PATH } from './auth';
import { MESSAGES } from './messages';
import { DEFAULT_PASSWORD_POLICY, passwordProblem, type PasswordPolicy } from './password-policy';
import { isUsernameAvailable } from './username.service';
import { inTransaction } from '../../../platform/db/unit-of-work';

/** The new-user record (docs/messages.md, "Registration"; docs/accounts.md). */
export interface NewUserRecord {
  uid: string;
  username: string;
  email: string;
  emailVerified: boolean;
  accountType: string;
  creationDate: string;
  lastLogin: string | null;
}

export function toNewUserRecord(user: User): NewUserRecord {
  return {
    uid: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    accountType: user.accountType,
    creationDate: user.createdAt.toISOString(),
    lastLogin: user.lastLoginAt?.toISOString() ?? null,
  };
}

const EmailShape = z.email();

/** The registration rules (docs/messages.md, "Registration"), in the order a person fixes them. */
export function checkRegistrationInput(
  input: { email?: unknown; password?: unknown },
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): {
  email: string;
  password: string;
} {
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  if (!EmailShape.safeParse(email).success) {
    throw new ServiceError('invalid', MESSAGES.registerInvalidEmail);
  }
  const password = typeof input.password === 'string' ? input.password : '';
  const problem = passwordProblem(policy, password);
  if (problem) throw new ServiceError('invalid', problem);
  return { email: email.toLowerCase(), password };
}

async function isEmailInUse(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows.length > 0;
}

/** The unique index a failed insert ran into, if that is why it failed. */
function violatedUniqueIndex(error: unknown): string | undefined {
  for (let cause = error; cause && typeof cause === 'object';) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Creates an unverified account (the user and its password credential in one transaction) and
 * mails the verification link. The database's case-insensitive unique indexes decide races:
 * of two people registering one name at once, exactly one gets it.
 */
export async function registerAccount(
  context: Pick<ServiceContext, 'db' | 'log'>,
  auth: Auth,
  input: { username: string; email?: unknown; password?: unknown },
  options: { emailVerified?: boolean; sendMail?: boolean; passwordPolicy?: PasswordPolicy } = {},
): Promise<User> {
  const { db, log } = context;
  const username = input.username.trim();
  if (!(await isUsernameAvailable(db, username))) {
    throw new ServiceError('conflict', MESSAGES.usernameTaken);
  }
  const { email, password } = checkRegistrationInput(input, options.passwordPolicy);
  if (await isEmailInUse(db, email)) throw new ServiceError('conflict', MESSAGES.emailTaken);

  const id = generateId(32);
  const passwordHash = await hashPassword(password);
  let user: User;
  try {
    user = await inTransaction({ db }, async ({ db: tx }) => {
      const [created] = await tx
        .insert(users)
        .values({
          id,
          username,
          displayUsername: username,
          name: username,
          email,
          emailVerified: options.emailVerified ?? false,
        })
        .returning();
      await tx.insert(accounts).values({
        id: generateId(32),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: passwordHash,
      });
      return created!;
    });
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === undefined) throw error;
    if (index.includes('email')) throw new ServiceError('conflict', MESSAGES.emailTaken);
    throw new ServiceError('conflict', MESSAGES.usernameTaken);
  }
  log.info({ userId: user.id }, 'account registered');

  if (options.sendMail !== false && !user.emailVerified) {
    try {
      await sendVerificationMail(auth, email);
    } catch (error) {
      // The account stands; the person can ask for the mail again from the sign-in page.
      log.warn({ err: error, userId: user.id }, 'the verification mail could not be sent');
    }
  }
  return user;
}

/** Mails a fresh verification link when the address belongs to an unverified account. */
export async function sendVerificationMail(auth: Auth, email: string): Promise<void> {
  await auth.api.sendVerificationEmail({
    body: { email: email.trim().toLowerCase(), callbackURL: VERIFY_LANDING_PATH },
  });
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return user;
}

export async function findUserById(db: Database, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}
