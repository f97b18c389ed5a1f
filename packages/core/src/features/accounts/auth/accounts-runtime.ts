import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../../platform/config/config';
import type { Database } from '../../../platform/db/client';
import type { Logger } from '../../../platform/logging/logger';
import { createMailer, type Mailer } from '../../../platform/mail/mailer';
import { createAuth, type Auth, type AuthSettings } from './auth';
import { createAuthRequestHandler } from './auth-handler';
import type { BotCheckSettings } from './bot-check';
import { oauthProvidersFromSettings } from './oauth';
import type { PasswordPolicy } from './password-policy';
import { parseAdminEmails, promoteAdminEmails } from './roles.service';

/**
 * AUTH_SECRET when set; otherwise a random secret made on the first start and kept in
 * DATA_DIR/auth-secret (readable by its owner only), so sessions survive a restart.
 */
export function resolveAuthSecret(config: Pick<Config, 'AUTH_SECRET' | 'dataDir'>): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = join(config.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * Warns, naming AUTH_SECRET, when a node on a database server (which several web nodes may
 * share) signs sessions with a secret of its own making: the other nodes would refuse them.
 * Answers whether it warned.
 */
export function warnIfSecretNotShared(
  config: Pick<Config, 'AUTH_SECRET' | 'DATABASE_URL'>,
  log: Pick<Logger, 'warn'>,
): boolean {
  if (config.AUTH_SECRET || !config.DATABASE_URL) return false;
  log.warn(
    { setting: 'AUTH_SECRET' },
    'AUTH_SECRET is not set: this node signs sessions with a secret of its own (DATA_DIR/auth-secret). ' +
      'Every web node on this database needs the same AUTH_SECRET, or sessions made on one node are ' +
      'refused by the others (docs/scaling.md).',
  );
  return true;
}

export function authSettingsFromConfig(config: Config, secret: string): AuthSettings {
  return {
    publicUrl: config.PUBLIC_URL,
    secret,
    siteName: config.SITE_NAME,
    isProduction: config.NODE_ENV === 'production',
    sessionDays: config.SESSION_DAYS,
    accessTokenMinutes: config.ACCESS_TOKEN_MINUTES,
    adminEmails: parseAdminEmails(config.ADMIN_EMAILS),
    rateLimit: {
      enabled: config.RATE_LIMIT_ENABLED,
      signInMax: config.RATE_LIMIT_SIGN_IN_MAX,
      signInWindowSeconds: config.RATE_LIMIT_SIGN_IN_WINDOW,
      mailMax: config.RATE_LIMIT_MAIL_MAX,
      registerMax: config.RATE_LIMIT_REGISTER_MAX,
    },
    passwordPolicy: passwordPolicyFromConfig(config),
    botCheck: botCheckFromConfig(config),
    magicLink: config.MAGIC_LINK_ENABLED,
    oauthProviders: oauthProvidersFromSettings(config),
  };
}

export function passwordPolicyFromConfig(config: Config): PasswordPolicy {
  const maxLength = config.PASSWORD_MAX_LENGTH ?? null;
  if (maxLength !== null && maxLength < config.PASSWORD_MIN_LENGTH) {
    throw new Error('PASSWORD_MAX_LENGTH must not be below PASSWORD_MIN_LENGTH');
  }
  return {
    minLength: config.PASSWORD_MIN_LENGTH,
    maxLength,
    requireLowercase: config.PASSWORD_REQUIRE_LOWERCASE,
    requireUppercase: config.PASSWORD_REQUIRE_UPPERCASE,
    requireNumeric: config.PASSWORD_REQUIRE_NUMERIC,
    requireNonAlphanumeric: config.PASSWORD_REQUIRE_NON_ALPHANUMERIC,
  };
}

export function botCheckFromConfig(config: Config): BotCheckSettings {
  const provider = config.BOT_CHECK;
  if (provider !== 'pow' && provider !== 'off') {
    if (!config.BOT_CHECK_SITE_KEY || !config.BOT_CHECK_SECRET_KEY) {
      throw new Error(`BOT_CHECK=${provider} needs BOT_CHECK_SITE_KEY and BOT_CHECK_SECRET_KEY`);
    }
  }
  return {
    provider,
    siteKey: config.BOT_CHECK_SITE_KEY,
    secretKey: config.BOT_CHECK_SECRET_KEY,
    powMaxNumber: config.BOT_CHECK_POW_MAX_NUMBER,
  };
}

export interface Accounts {
  auth: Auth;
  settings: AuthSettings;
  mailer: Mailer;
  /** The route handler of /api/auth/*. */
  handleAuthRequest: (request: Request) => Promise<Response>;
}

/** Sets up accounts for one web process: mailer, better-auth, and the first admins. */
export async function createAccounts(options: {
  config: Config;
  db: Database;
  log: Logger;
}): Promise<Accounts> {
  const { config, db, log } = options;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: join(config.dataDir, 'outbox'),
    log: log.child({ module: 'mail' }),
  });
  warnIfSecretNotShared(config, log);
  const settings = authSettingsFromConfig(config, resolveAuthSecret(config));
  const auth = createAuth({ db, mailer, log, settings });
  const handleAuthRequest = createAuthRequestHandler({
    auth,
    db,
    lockout: { maxFailures: config.LOGIN_MAX_FAILURES, lockMinutes: config.LOGIN_LOCK_MINUTES },
    now: () => new Date(),
  });
  const promoted = await promoteAdminEmails({ db, now: () => new Date() }, settings.adminEmails);
  if (promoted.length > 0) log.info({ promoted }, 'ADMIN_EMAILS: made admin');
  return { auth, settings, mailer, handleAuthRequest };
}
