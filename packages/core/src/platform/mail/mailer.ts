import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logging/logger';
import { mails } from '../metrics/metrics';

/** One outgoing mail. `link` is the action link in it, logged only when mail goes to the outbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** `smtp` sends through SMTP_URL; `outbox` writes .eml files for a first run without a server. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where .eml files go when there is no SMTP server. */
  outboxDir: string;
  log: Logger;
}

/** Nodemailer over SMTP when a URL is given; otherwise an outbox folder and a log line. */
export function createMailer(options: MailerOptions): Mailer {
  const mailer = createTransportMailer(options);
  return {
    ...mailer,
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        mails.inc({ result: 'failed' });
        throw error;
      }
      mails.inc({ result: 'sent' });
    },
  };
}

function createTransportMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send({ to, subject, text, html, headers }) {
        await transport.sendMail({ from, to, subject, text, html, headers });
        // The recipient and subject only: the body holds a one-time link.
        log.info({ to, subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'outbox',
    async send({ to, subject, text, html, link, headers }) {
      const info = await transport.sendMail({ from, to, subject, text, html, headers });
      await mkdir(outboxDir, { recursive: true });
      const file = join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      // Without a mail server this line is how the operator gets the link on a first run.
      log.info({ to, subject, file, link }, 'mail written to the outbox (no SMTP_URL set)');
    },
    close: () => transport.close(),
  };
}
