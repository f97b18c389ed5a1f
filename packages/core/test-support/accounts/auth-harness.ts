import { afterAll } from 'vitest';
import type { RequestContext } from '../../src/kernel/endpoint';
import type { Database } from '../../src/platform/db/client';
import { createLogger } from '../../src/platform/logging/logger';
import { createMailer } from '../../src/platform/mail/mailer';
import { startTestSmtpServer } from '../test-smtp-server';
import { createTestContext } from '../test-context';
import {
  createAuth,
  DEFAULT_AUTH_RATE_LIMIT,
  type AccountServices,
  type AuthSettings,
} from '../../src/features/accounts/auth/auth';
import { createAuthRequestHandler } from '../../src/features/accounts/auth/auth-handler';
import type { LockoutPolicy } from '../../src/features/accounts/auth/login-lockout';

export const TEST_PUBLIC_URL = 'http://cutroom.test';

/**
 * Accounts wired to a real SMTP server started for the test file, with every log line kept so
 * tests can read them. Requests go through the same handler as /api/auth/* on the site.
 */
export async function createAuthHarness(
  db: Database,
  options: { settings?: Partial<AuthSettings>; lockout?: LockoutPolicy } = {},
) {
  const smtp = await startTestSmtpServer();
  const logLines: string[] = [];
  const log = createLogger({
    level: 'debug',
    destination: { write: (line: string) => void logLines.push(line) },
  });
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'Cutroom <no-reply@cutroom.test>',
    outboxDir: '/nonexistent',
    log,
  });
  const settings: AuthSettings = {
    publicUrl: TEST_PUBLIC_URL,
    secret: 'a-test-secret-that-is-long-enough-for-better-auth',
    siteName: 'Cutroom',
    isProduction: false,
    sessionDays: 30,
    accessTokenMinutes: 15,
    adminEmails: [],
    rateLimit: DEFAULT_AUTH_RATE_LIMIT,
    // Tests register through the API; the bot check's own tests turn it on.
    botCheck: { provider: 'off', powMaxNumber: 1000 },
    ...options.settings,
  };
  const auth = createAuth({ db, mailer, log, settings });
  const handle = createAuthRequestHandler({
    auth,
    db,
    lockout: options.lockout,
    now: () => new Date(),
  });
  afterAll(async () => {
    mailer.close();
    await smtp.close();
  });
  const accounts: AccountServices = { auth, settings };
  const context: RequestContext = { ...createTestContext(db), log, accounts };

  /** One request to /api/auth/*, as a browser on the site would send it. */
  async function request(
    path: string,
    init: {
      method?: string;
      body?: unknown;
      cookie?: string;
      headers?: HeadersInit;
      ip?: string;
    } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('origin', TEST_PUBLIC_URL);
    headers.set('x-forwarded-for', init.ip ?? '203.0.113.7');
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.body !== undefined) headers.set('content-type', 'application/json');
    const url = path.startsWith('http') ? path : `${TEST_PUBLIC_URL}/api/auth${path}`;
    return handle(
      new Request(url, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        redirect: 'manual',
      }),
    );
  }

  /** The `name=value` pairs a response sets, ready for a Cookie header. */
  function cookiesOf(response: Response): string {
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .filter((pair) => !pair.endsWith('='))
      .join('; ');
  }

  async function signIn(email: string, password: string, ip?: string) {
    const response = await request('/sign-in/email', { body: { email, password }, ip });
    return {
      response,
      body: (await response.json()) as Record<string, unknown>,
      cookie: cookiesOf(response),
    };
  }

  return { auth, accounts, db, smtp, logLines, log, context, request, cookiesOf, signIn, handle };
}
