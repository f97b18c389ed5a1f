import type { RequestContext } from '../../../kernel/endpoint';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuth, getCurrentAdapter } from 'better-auth';
import { admin, bearer, jwt, username } from 'better-auth/plugins';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { magicLink } from 'better-auth/plugins/magic-link';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import {
  accounts,
  jwks,
  rateLimits,
  sessions,
  twoFactors,
  users,
  verifications,
} from '../../../platform/db/schema';
import type { Logger } from '../../../platform/logging/logger';
import {
  magicLinkMail,
  passwordResetMail,
  verificationMail,
} from '../../../platform/mail/account-mails';
import type { Mailer } from '../../../platform/mail/mailer';
import { Username } from './accounts.schema';
import type { BotCheckSettings } from './bot-check';
import { MAX_PASSWORD_LENGTH, MESSAGES } from './messages';
import { oauthProviderOptions, usernameForNewAccount, type OAuthProvider } from './oauth';
import { DEFAULT_PASSWORD_POLICY, passwordProblem, type PasswordPolicy } from './password-policy';
import { allowedOriginsFor } from './origin';
import { providerSignInTwoFactor } from './provider-two-factor';
import { promoteAdminEmails } from './roles.service';
import { AUTH_COOKIE_PREFIX } from './session-cookie';

export interface AuthSettings {
  /** The site's public origin, e.g. https://video.example.com: links in mails start with it. */
  publicUrl: string;
  secret: string;
  siteName: string;
  isProduction: boolean;
  sessionDays: number;
  accessTokenMinutes: number;
  /** Lower-cased addresses made admins once verified (ADMIN_EMAILS). */
  adminEmails: string[];
  rateLimit: {
    enabled: boolean;
    signInMax: number;
    signInWindowSeconds: number;
    mailMax: number;
    /** Registrations (/api/createuser) per IP in 10 minutes. */
    registerMax: number;
  };
  /** The password policy (docs/sign-in.md); the default when absent. */
  passwordPolicy?: PasswordPolicy;
  /** The check registration asks for; a proof of work when absent. */
  botCheck?: BotCheckSettings;
  /** Sign-in by a link mailed to the address (on when absent). */
  magicLink?: boolean;
  /** Configured OAuth providers, each a button on the sign-in page; none when absent. */
  oauthProviders?: OAuthProvider[];
}

export const VERIFICATION_HOURS = 24;
export const RESET_MINUTES = 60;
/** Where the verification link lands after better-auth has checked it. */
export const VERIFY_LANDING_PATH = '/verify';
export const RESET_PASSWORD_PATH = '/reset-password';
/** How long a sign-in link works, and where it (and a provider's way back) lands. */
export const MAGIC_LINK_MINUTES = 15;
export const SIGN_IN_ERROR_PATH = '/login';

/**
 * Codes of the second step (app codes, recovery codes) from one address: 10 a minute. The
 * library's own rule (3 in 10 s) refused a right code typed after a few wrong ones, while
 * letting more through over a day (docs/sign-in.md).
 */
export const TWO_FACTOR_RATE_LIMIT = { window: 60, max: 10 } as const;

export const DEFAULT_AUTH_RATE_LIMIT: AuthSettings['rateLimit'] = {
  enabled: true,
  signInMax: 30,
  signInWindowSeconds: 60,
  mailMax: 10,
  registerMax: 20,
};

/**
 * The better-auth instance: e-mail and password with required verification, password reset,
 * change of e-mail (verified at the new address), usernames, roles and bans (the admin plugin:
 * a ban is a disabled account), bearer tokens and short-lived JWT access tokens for API clients,
 * and per-IP rate limits kept in the database.
 */
export function createAuth(options: {
  db: Database;
  mailer: Mailer;
  log: Logger;
  settings: AuthSettings;
}) {
  const { db, mailer, log, settings } = options;
  const authLog = log.child({ module: 'auth' });
  const secure = settings.isProduction && settings.publicUrl.startsWith('https:');
  const rateLimit = settings.rateLimit;
  const signInRule = { window: rateLimit.signInWindowSeconds, max: rateLimit.signInMax };
  const mailRule = { window: 600, max: rateLimit.mailMax };
  const policy = settings.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
  const oauth = oauthProviderOptions(settings.oauthProviders ?? []);

  const auth = betterAuth({
    appName: settings.siteName,
    baseURL: settings.publicUrl,
    basePath: '/api/auth',
    secret: settings.secret,
    trustedOrigins: allowedOriginsFor(settings.publicUrl),
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: true,
      schema: { users, sessions, accounts, verifications, jwks, rateLimits, twoFactors },
    }),
    user: {
      modelName: 'users',
      changeEmail: { enabled: true },
    },
    session: {
      modelName: 'sessions',
      expiresIn: settings.sessionDays * 24 * 60 * 60,
      // session.service.ts's own lookup hands sessions this old back to better-auth to extend.
      updateAge: 24 * 60 * 60,
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: policy.minLength,
      // better-auth holds sign-in to this too: only the hard limit, so a password set before a
      // lower PASSWORD_MAX_LENGTH still signs in. New passwords meet the policy (hook below).
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send(
          passwordResetMail({
            siteName: settings.siteName,
            to: user.email,
            username: displayName(user),
            link: url,
            minutes: RESET_MINUTES,
          }),
        );
      },
    },
    emailVerification: {
      // Registration sends its own mail (accounts/registration.service.ts); sign-in does not.
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_HOURS * 60 * 60,
      async afterEmailVerification(user) {
        if (settings.adminEmails.includes(user.email.toLowerCase())) {
          await promoteAdminEmails({ db, now: () => new Date() }, [user.email.toLowerCase()]);
        }
      },
      async sendVerificationEmail({ user, url }) {
        const current = await db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, user.id))
          .limit(1);
        await mailer.send(
          verificationMail({
            siteName: settings.siteName,
            to: user.email,
            username: displayName(user),
            link: url,
            hours: VERIFICATION_HOURS,
            isNewAddress: current[0] !== undefined && current[0].email !== user.email,
          }),
        );
      },
    },
    rateLimit: {
      enabled: rateLimit.enabled,
      storage: 'database',
      modelName: 'rateLimits',
      window: 60,
      max: 200,
      customRules: {
        // The first matching rule applies: a sign-in link is a mail.
        '/sign-in/magic-link': mailRule,
        '/sign-in/*': signInRule,
        '/sign-up/*': signInRule,
        '/change-password': signInRule,
        '/change-email': mailRule,
        '/send-verification-email': mailRule,
        '/request-password-reset': mailRule,
        '/reset-password': signInRule,
        '/two-factor/*': TWO_FACTOR_RATE_LIMIT,
        '/get-session': false,
        '/token': { window: 60, max: 60 },
      },
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for', 'x-real-ip'] },
    },
    logger: {
      level: 'warn',
      // Only the message: better-auth's extra arguments can hold request data.
      log: (level, message) => {
        if (level === 'error') authLog.error(message);
        else if (level === 'warn') authLog.warn(message);
        else authLog.debug(message);
      },
    },
    onAPIError: {
      // Refusals are answers, not faults; only unexpected errors reach the error log.
      onError(error) {
        const status = (error as { status?: unknown }).status;
        if (status === 'INTERNAL_SERVER_ERROR' || status === undefined) {
          authLog.error({ err: error }, 'auth request failed');
        } else {
          authLog.debug({ status }, (error as Error).message);
        }
      },
    },
    socialProviders: oauth.socialProviders,
    hooks: {
      // The password policy holds for new passwords too, not only at registration.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/reset-password' && ctx.path !== '/change-password') return;
        const body = (ctx.body ?? {}) as { newPassword?: unknown };
        if (typeof body.newPassword !== 'string') return;
        const problem = passwordProblem(policy, body.newPassword);
        if (problem) {
          throw new APIError('BAD_REQUEST', { code: 'PASSWORD_POLICY', message: problem });
        }
      }),
      after: providerSignInTwoFactor,
    },
    databaseHooks: {
      user: {
        create: {
          // Accounts made by an OAuth provider's sign-in get a username from their profile.
          async before(user, ctx) {
            const data = user as typeof user & { username?: string | null };
            if (data.username || !ctx) return;
            // The account is made in a transaction: ask through it (PGlite has one connection).
            const adapter = await getCurrentAdapter(ctx.context.adapter);
            const isAvailable = async (name: string) =>
              !(await adapter.findOne({
                model: 'user',
                where: [{ field: 'username', value: name, mode: 'insensitive' }],
              }));
            const name = await usernameForNewAccount(isAvailable, data.name, data.email);
            return { data: { ...user, username: name, displayUsername: name, name } };
          },
        },
      },
      session: {
        create: {
          async after(session) {
            await db
              .update(users)
              .set({ lastLoginAt: new Date() })
              .where(eq(users.id, session.userId));
          },
        },
      },
    },
    plugins: [
      ...(settings.magicLink === false
        ? []
        : [
            magicLink({
              expiresIn: MAGIC_LINK_MINUTES * 60,
              // Accounts are made by registration (or a provider); a link signs in only.
              disableSignUp: true,
              storeToken: 'hashed',
              rateLimit: mailRule,
              async sendMagicLink({ email, url }) {
                const [user] = await db
                  .select({
                    username: users.username,
                    twoFactor: users.twoFactorEnabled,
                    banned: users.banned,
                    banExpires: users.banExpires,
                  })
                  .from(users)
                  .where(sql`lower(${users.email}) = lower(${email})`)
                  .limit(1);
                // Only an account's own address gets a link; others get nothing (and the
                // answer is the same, so it tells nobody which addresses have accounts).
                // A link is one factor: accounts with two-factor sign-in use password and code.
                // A disabled account gets none: it could not sign in with it.
                if (!user || user.twoFactor) return;
                if (user.banned && (!user.banExpires || user.banExpires > new Date())) return;
                await mailer.send(
                  magicLinkMail({
                    siteName: settings.siteName,
                    to: email,
                    username: user.username,
                    link: url,
                    minutes: MAGIC_LINK_MINUTES,
                  }),
                );
              },
            }),
          ]),
      twoFactor({
        issuer: settings.siteName,
        twoFactorTable: 'twoFactors',
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      ...(oauth.generic.length > 0 ? [genericOAuth({ config: oauth.generic })] : []),
      username({
        minUsernameLength: 3,
        maxUsernameLength: 24,
        // Kept as typed; the database compares names without regard to case.
        usernameNormalization: false,
        // Profiles are addressed by username; renaming is not offered.
        immutableUsername: true,
        usernameValidator: (name) => Username.safeParse(name).success,
      }),
      admin({
        defaultRole: 'user',
        adminRoles: ['admin'],
        bannedUserMessage: MESSAGES.disabled,
      }),
      bearer(),
      jwt({
        // Each session lookup would otherwise sign a JWT for a `set-auth-jwt` header nobody
        // reads (API clients ask /api/auth/token): most of a member request's time.
        disableSettingJwtHeader: true,
        jwt: {
          issuer: new URL(settings.publicUrl).origin,
          audience: new URL(settings.publicUrl).origin,
          expirationTime: `${settings.accessTokenMinutes}m`,
          definePayload: ({ user }) => ({
            username: (user as { username?: string }).username,
            role: (user as { role?: string }).role,
          }),
        },
      }),
    ],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

function displayName(user: { name?: string | null; email: string } & Record<string, unknown>) {
  const name = typeof user.username === 'string' ? user.username : user.name;
  return name || user.email;
}

/**
 * Accounts as the services see them (part of a request's context): better-auth, which sends
 * the account mails, and its settings.
 */
export interface AccountServices {
  auth: Auth;
  settings: AuthSettings;
}

declare module '../../../kernel/endpoint' {
  interface FeatureServices {
    /** Accounts and their mail; present in the web server and in tests that register. */
    accounts: AccountServices;
  }
}

/** The account services, or a plain failure when a call that needs them runs without. */
export function requireAccountServices(context: RequestContext): AccountServices {
  if (!context.accounts) throw new Error('This call needs the account services (auth and mail)');
  return context.accounts;
}
