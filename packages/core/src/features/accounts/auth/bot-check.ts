import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { and, eq, gt, sql } from 'drizzle-orm';
import { generateId } from 'better-auth';
import type { Database } from '../../../platform/db/client';
import { verifications } from '../../../platform/db/schema';
import { ServiceError } from '../../../kernel/errors/service-error';
import { OWN_MESSAGES } from './messages';
import { inTransaction } from '../../../platform/db/unit-of-work';
import type { Call } from '../../../access/call';

export const BOT_CHECK_PROVIDERS = ['pow', 'off', 'turnstile', 'hcaptcha', 'recaptcha'] as const;
export type BotCheckProvider = (typeof BOT_CHECK_PROVIDERS)[number];

/**
 * The check registration asks for: a proof-of-work challenge solved in the browser (no third
 * party, the default), a hosted challenge (Cloudflare Turnstile, hCaptcha, Google reCAPTCHA)
 * with the site's keys, or none.
 */
export interface BotCheckSettings {
  provider: BotCheckProvider;
  /** The hosted provider's public site key (shown to the page). */
  siteKey?: string;
  /** The hosted provider's secret key (server only). */
  secretKey?: string;
  /** The proof-of-work's largest number: the browser tries half of it on average. */
  powMaxNumber: number;
}

export const DEFAULT_BOT_CHECK: BotCheckSettings = { provider: 'pow', powMaxNumber: 100_000 };

/** How long a proof-of-work challenge may be answered. */
export const POW_CHALLENGE_MINUTES = 20;

export const BOT_CHECK_MESSAGES = {
  missing: OWN_MESSAGES.botCheckMissing,
  failed: OWN_MESSAGES.botCheckFailed,
} as const;

/** A proof-of-work challenge as the browser solves it (altcha's format, SHA-256). */
export interface PowChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** What the register form needs to show the check: the provider and its public parts. */
export type BotCheckConfig =
  | { provider: 'off' }
  | { provider: 'pow'; challenge: PowChallenge }
  | { provider: 'turnstile' | 'hcaptcha' | 'recaptcha'; siteKey: string };

/** The answer each hosted provider's verification call is sent to. */
const SITE_VERIFY_URLS: Record<'turnstile' | 'hcaptcha' | 'recaptcha', string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
};

/** The form field each hosted widget fills in with its token. */
export const HOSTED_RESPONSE_FIELDS = {
  turnstile: 'cf-turnstile-response',
  hcaptcha: 'h-captcha-response',
  recaptcha: 'g-recaptcha-response',
} as const;

/** The configuration for one page load; a proof-of-work challenge is fresh each time. */
export async function botCheckConfig(
  settings: BotCheckSettings,
  hmacKey: string,
  now: Date,
): Promise<BotCheckConfig> {
  if (settings.provider === 'off') return { provider: 'off' };
  if (settings.provider === 'pow') {
    const challenge = await createChallenge({
      hmacKey,
      maxNumber: settings.powMaxNumber,
      expires: new Date(now.getTime() + POW_CHALLENGE_MINUTES * 60_000),
    });
    return {
      provider: 'pow',
      challenge: {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        maxnumber: challenge.maxnumber ?? settings.powMaxNumber,
        salt: challenge.salt,
        signature: challenge.signature,
      },
    };
  }
  return { provider: settings.provider, siteKey: settings.siteKey ?? '' };
}

/**
 * Checks the answer a registration carries, or refuses it (400). A proof of work is signed by
 * this server, unexpired, and answered once: its signature is recorded until it expires.
 */
export async function verifyBotCheck(
  ctx: Pick<Call, 'db' | 'now'>,
  settings: BotCheckSettings,
  hmacKey: string,
  answer: string | undefined,
  ip: string,
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  if (settings.provider === 'off') return;
  if (!answer) throw new ServiceError('invalid', BOT_CHECK_MESSAGES.missing);
  if (settings.provider === 'pow') {
    await verifyProofOfWork(db, hmacKey, answer, now);
    return;
  }
  const response = await fetch(SITE_VERIFY_URLS[settings.provider], {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      secret: settings.secretKey ?? '',
      response: answer,
      remoteip: ip,
    }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  const outcome = response?.ok ? ((await response.json()) as { success?: unknown }) : null;
  if (outcome?.success !== true) {
    throw new ServiceError('invalid', BOT_CHECK_MESSAGES.failed);
  }
}

async function verifyProofOfWork(db: Database, hmacKey: string, answer: string, now: Date) {
  let payload: { signature?: unknown; number?: unknown };
  try {
    payload = JSON.parse(Buffer.from(answer, 'base64').toString('utf8')) as typeof payload;
  } catch {
    throw new ServiceError('invalid', BOT_CHECK_MESSAGES.failed);
  }
  const valid =
    typeof payload === 'object' &&
    payload !== null &&
    typeof payload.signature === 'string' &&
    (await verifySolution(answer, hmacKey, true).catch(() => false));
  if (!valid) throw new ServiceError('invalid', BOT_CHECK_MESSAGES.failed);
  const identifier = `bot-check:${payload.signature as string}`;
  const fresh = await inTransaction({ db }, async ({ db: tx }) => {
    // One answer per challenge, also when two registrations race with it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${identifier}))`);
    const used = await tx
      .select({ id: verifications.id })
      .from(verifications)
      .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, now)))
      .limit(1);
    if (used.length > 0) return false;
    await tx.insert(verifications).values({
      id: generateId(32),
      identifier,
      value: 'used',
      expiresAt: new Date(now.getTime() + POW_CHALLENGE_MINUTES * 60_000),
    });
    return true;
  });
  if (!fresh) throw new ServiceError('invalid', BOT_CHECK_MESSAGES.failed);
}
