import type { MailMessage } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function accountMail(options: {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  action: string;
  link: string;
  footer: string;
}): MailMessage {
  const text = [
    options.greeting,
    '',
    ...options.lines,
    '',
    `${options.action}:`,
    options.link,
    '',
    options.footer,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>${escapeHtml(options.greeting)}</p>
${options.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(options.link)}">${escapeHtml(options.action)}</a></p>
<p style="color:#666">${escapeHtml(options.footer)}</p>
</body></html>`;
  return { to: options.to, subject: options.subject, text, html, link: options.link };
}

/** The link that confirms an address: after registration, or for a new address. */
export function verificationMail(options: {
  siteName: string;
  to: string;
  username: string;
  link: string;
  hours: number;
  isNewAddress: boolean;
}): MailMessage {
  return accountMail({
    to: options.to,
    subject: options.isNewAddress
      ? `Confirm your new e-mail address for ${options.siteName}`
      : `Verify your e-mail address for ${options.siteName}`,
    greeting: `Hello ${options.username},`,
    lines: [
      options.isNewAddress
        ? `You asked to use this address for your ${options.siteName} account.`
        : `Thanks for registering at ${options.siteName}. Confirm that this address is yours to finish.`,
      `The link works for ${options.hours} hours.`,
    ],
    action: 'Verify my e-mail address',
    link: options.link,
    footer: `If you did not ask for this, ignore this mail: nothing changes.`,
  });
}

export function passwordResetMail(options: {
  siteName: string;
  to: string;
  username: string;
  link: string;
  minutes: number;
}): MailMessage {
  return accountMail({
    to: options.to,
    subject: `Reset your ${options.siteName} password`,
    greeting: `Hello ${options.username},`,
    lines: [
      `Somebody (hopefully you) asked to reset the password of your ${options.siteName} account.`,
      `The link works for ${options.minutes} minutes and only once.`,
    ],
    action: 'Choose a new password',
    link: options.link,
    footer: `If you did not ask for this, ignore this mail: your password stays as it is.`,
  });
}

/** A link that signs the account in (sign-in by e-mail link). */
export function magicLinkMail(options: {
  siteName: string;
  to: string;
  username: string;
  link: string;
  minutes: number;
}): MailMessage {
  return accountMail({
    to: options.to,
    subject: `Your sign-in link for ${options.siteName}`,
    greeting: `Hello ${options.username},`,
    lines: [
      `Somebody (hopefully you) asked to sign in to your ${options.siteName} account with a link.`,
      `The link works for ${options.minutes} minutes and only once.`,
    ],
    action: 'Sign me in',
    link: options.link,
    footer: `If you did not ask for this, ignore this mail: nobody is signed in.`,
  });
}
