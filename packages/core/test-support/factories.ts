import { randomBytes } from 'node:crypto';
import { generateId } from 'better-auth';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Actor } from '../src/kernel/endpoint';
import type { Database } from '../src/platform/db/client';
import { accounts, users, type User } from '../src/platform/db/schema';

export interface CreateUserOptions {
  username?: string;
  email?: string;
  password?: string;
  /** "user", "admin", or a comma-separated list such as "moderator,tagger". */
  role?: string;
  isSupporter?: boolean;
  /** Verified by default: only verified accounts sign in. */
  emailVerified?: boolean;
  /** A disabled account. */
  banned?: boolean;
}

let counter = 0;

/**
 * The password of users made without one: one per test process, so its scrypt hash (about
 * 100 ms of CPU, by design) is made once and not for each of the suite's thousand users.
 * Each hash is still real: signing in verifies it as it would any other.
 */
const defaultPassword = `pw-${randomBytes(6).toString('hex')}`;
const passwordHashes = new Map<string, Promise<string>>();
function passwordHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

/**
 * A user with a password credential, straight into the database (no mail): verified unless
 * told otherwise, so it can sign in at once. Answers the row, its password and its Actor.
 */
export async function createUser(
  db: Database,
  options: CreateUserOptions = {},
): Promise<{ user: User; password: string; actor: Actor }> {
  counter += 1;
  const suffix = `${counter}${randomBytes(3).toString('hex')}`;
  const username = options.username ?? `user${suffix}`;
  const email = (options.email ?? `${username}@example.test`).toLowerCase();
  const password = options.password ?? defaultPassword;
  const id = generateId(32);
  const [user] = await db
    .insert(users)
    .values({
      id,
      username,
      displayUsername: username,
      name: username,
      email,
      emailVerified: options.emailVerified ?? true,
      role: options.role ?? 'user',
      isSupporter: options.isSupporter ?? false,
      banned: options.banned ?? false,
    })
    .returning();
  await db.insert(accounts).values({
    id: generateId(32),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await passwordHash(password),
  });
  return { user: user!, password, actor: actorOf(user!) };
}

/** The Actor services see for a user row. */
export function actorOf(user: User): Actor {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    emailVerified: user.emailVerified,
    isSupporter: user.isSupporter,
  };
}

/** Reloads a user, e.g. after a service changed it. */
export async function reloadUser(db: Database, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}
