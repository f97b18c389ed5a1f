import { z } from 'zod';
import { cleanText } from '../../../kernel/clean-text';

/** Strips a known site's URL down to the handle, so both spellings are accepted. */
const handleFrom = (value: string, hosts: RegExp) => {
  const trimmed = value.trim();
  const match = trimmed.match(hosts);
  return (match?.[1] ?? trimmed).replace(/^@/, '').replace(/\/+$/, '');
};

export const Website = z
  .string()
  .trim()
  .max(200, 'at most 200 characters')
  .refine((value) => {
    if (!value) return true;
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'enter a full address starting with https://');

export const Twitter = z
  .string()
  .max(100)
  .transform((value) =>
    handleFrom(value, /^(?:https?:\/\/)?(?:www\.)?(?:twitter|x)\.com\/@?([^/?#]+)/i),
  )
  .refine(
    (value) => value === '' || /^[A-Za-z0-9_]{1,15}$/.test(value),
    'a handle is 1 to 15 letters, digits or underscores',
  );

export const Discord = z
  .string()
  .trim()
  .max(100)
  .refine(
    (value) =>
      value === '' ||
      /^[a-z0-9_.]{2,32}$/.test(value) ||
      /^https:\/\/(?:discord\.gg|discord\.com\/invite)\/[A-Za-z0-9-]{2,40}$/.test(value),
    'a username (2 to 32 lowercase letters, digits, _ or .) or an invite link https://discord.gg/…',
  );

export const Patreon = z
  .string()
  .max(100)
  .transform((value) =>
    handleFrom(value, /^(?:https?:\/\/)?(?:www\.)?patreon\.com\/(?:c\/)?([^/?#]+)/i),
  )
  .refine(
    (value) => value === '' || /^[A-Za-z0-9_-]{1,64}$/.test(value),
    'a creator name of letters, digits, - or _',
  );

export const Bitcoin = z
  .string()
  .trim()
  .refine(
    (value) =>
      value === '' || /^(bc1[ac-hj-np-z02-9]{11,71}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$/.test(value),
    'not a valid Bitcoin address',
  );

export const Ethereum = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || /^0x[0-9a-fA-F]{40}$/.test(value),
    'an address is 0x followed by 40 hexadecimal digits',
  );

/** UpdateProfile: each field given replaces the stored one; '' clears it. */
export const UpdateProfileInput = z.object({
  description: z
    .string()
    .max(2000, 'at most 2000 characters')
    .transform((value) => cleanText(value))
    .optional(),
  website: Website.optional(),
  twitter: Twitter.optional(),
  discord: Discord.optional(),
  patreon: Patreon.optional(),
  bitcoin: Bitcoin.optional(),
  ethereum: Ethereum.optional(),
});
export type UpdateProfileInput = z.output<typeof UpdateProfileInput>;

export const PROFILE_LINK_FIELDS = [
  'website',
  'twitter',
  'discord',
  'patreon',
  'bitcoin',
  'ethereum',
] as const;
