// Reading mails back in tests: the SMTP test server and the e2e outbox both use these.

/** A mail as the test server received it, with its text decoded. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

/** Undoes quoted-printable soft line breaks and escapes. */
export function decodeQuotedPrintable(value: string): string {
  const joined = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const match = joined.slice(index, index + 3).match(/^=([0-9A-F]{2})$/i);
    if (match) {
      bytes.push(Number.parseInt(match[1]!, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The headers, subject and plain-text part of a MIME message (as nodemailer writes them). */
export function parseMail(raw: string): Omit<ReceivedMail, 'to'> {
  const normalised = raw.replace(/\r\n/g, '\n');
  const headerEnd = normalised.indexOf('\n\n');
  const headers = normalised.slice(0, headerEnd).replace(/\n[ \t]+/g, ' ');
  const subject = headers.match(/^Subject: (.*)$/im)?.[1]?.trim() ?? '';
  const boundary = headers.match(/boundary="?([^";\n]+)"?/i)?.[1];
  let text = normalised.slice(headerEnd + 2);
  let encoding = headers.match(/^Content-Transfer-Encoding: (.*)$/im)?.[1]?.trim();
  if (boundary) {
    const part = text
      .split(`--${boundary}`)
      .find((section) => /Content-Type: text\/plain/i.test(section));
    if (part) {
      const partHeaderEnd = part.indexOf('\n\n');
      encoding = part.slice(0, partHeaderEnd).match(/Content-Transfer-Encoding: (.*)$/im)?.[1];
      text = part.slice(partHeaderEnd + 2);
    }
  }
  if (encoding?.trim().toLowerCase() === 'quoted-printable') text = decodeQuotedPrintable(text);
  else if (encoding?.trim().toLowerCase() === 'base64') {
    text = Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { subject, text: text.trim(), raw };
}

/** The first link in a mail's text. */
export function firstLink(mail: Pick<ReceivedMail, 'text'>): string {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No link in the mail:\n${mail.text}`);
  return link;
}
