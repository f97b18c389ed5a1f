import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

import { parseMail, type ReceivedMail } from '../src/platform/mail/parse-mail';

export {
  decodeQuotedPrintable,
  firstLink,
  parseMail,
  type ReceivedMail,
} from '../src/platform/mail/parse-mail';

/**
 * A real SMTP server on a free local port for tests: the mailer under test sends to `url`,
 * the test reads what arrived.
 */
export async function startTestSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
          ...parseMail(raw),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Waits for the next mail to this address that arrives after `since` mails were counted. */
  async function waitForMail(
    to: string,
    options: { since?: number; timeoutMs?: number } = {},
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const mail = received
        .slice(options.since ?? 0)
        .find((candidate) => candidate.to.includes(to.toLowerCase()));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
