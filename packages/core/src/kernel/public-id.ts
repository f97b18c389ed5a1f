import { randomBytes } from 'node:crypto';

// The public ids and slugs in the site's URLs (videos, playlists, comments, reports, messages).

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A short random public id (11 characters, ~65 bits). */
export function newVideoId(): string {
  const bytes = randomBytes(11);
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

/** A URL slug from a title: lowercase ASCII words joined by dashes. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'video';
}
