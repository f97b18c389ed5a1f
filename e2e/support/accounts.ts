import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstLink, parseMail, type ReceivedMail } from '@cutroom/core/platform/mail/parse-mail';
import type { BrowserContext } from 'playwright-core';
import { baseUrl, siteDataDir } from './browser';

let counter = 0;

/** Mails the e2e server wrote to its outbox (it runs without SMTP_URL), newest last. */
export function outboxMails(): (Omit<ReceivedMail, 'to'> & { file: string; to: string })[] {
  const dir = join(siteDataDir(), 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((file) => file.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(join(dir, file), 'utf8');
    const to =
      raw
        .match(/^To: (.*)$/im)?.[1]
        ?.trim()
        .toLowerCase() ?? '';
    return { file, to, ...parseMail(raw) };
  });
}

/** Waits for a mail to this address beyond the first `since` of them; answers it. */
export async function waitForOutboxMail(email: string, since = 0, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = outboxMails().filter((mail) => mail.to.includes(email.toLowerCase()));
    if (mails.length > since) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${email} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export { firstLink };

/**
 * A new verified account on the e2e server, made through the API: register, read the mail in
 * the outbox, follow its link. Answers the credentials.
 */
export async function createVerifiedUser(options: { username?: string; password?: string } = {}) {
  counter += 1;
  // The process id keeps two test files that run at once from making the same name.
  const username =
    options.username ?? `e2e${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  const email = `${username.toLowerCase()}@example.test`;
  const password = options.password ?? 'e2e-password';
  const response = await fetch(`${baseUrl()}/api/createuser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email, password }),
  });
  if (!response.ok)
    throw new Error(`createuser answered ${response.status}: ${await response.text()}`);
  const link = firstLink(await waitForOutboxMail(email));
  const verified = await fetch(link, { redirect: 'manual' });
  if (verified.status !== 302) throw new Error(`verification answered ${verified.status}`);
  return { username, email, password };
}

/**
 * Signs a browser context in through the API (not the form): the session cookie the server
 * sets is added to the context.
 */
export async function signInThroughApi(
  context: BrowserContext,
  email: string,
  password: string,
  /** The browser the session is recorded as (its sessions list shows it); Node's by default. */
  userAgent?: string,
) {
  const response = await fetch(`${baseUrl()}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseUrl(),
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => {
    const [pair] = cookie.split(';');
    const index = pair!.indexOf('=');
    return { name: pair!.slice(0, index), value: pair!.slice(index + 1), url: baseUrl() };
  });
  await context.addCookies(cookies);
  return { refreshToken: response.headers.get('set-auth-token') };
}
