import { describe, expect, it } from 'vitest';
import { allowedOriginsFor, isForeignMutation } from './origin';

const post = (headers: Record<string, string>) => ({
  method: 'POST',
  headers: new Headers(headers),
});

describe('foreign-origin check', () => {
  const allowed = allowedOriginsFor('https://video.example.org/');

  it('refuses a mutation from another site, by Origin or Sec-Fetch-Site', () => {
    expect(isForeignMutation(post({ origin: 'https://evil.example' }), allowed)).toBe(true);
    expect(isForeignMutation(post({ 'sec-fetch-site': 'cross-site' }), allowed)).toBe(true);
  });

  it('refuses a cookie-carrying change that names no origin, and a sibling subdomain', () => {
    expect(isForeignMutation(post({ cookie: 'cutroom.session_token=x' }), allowed)).toBe(true);
    expect(isForeignMutation(post({ 'sec-fetch-site': 'same-site' }), allowed)).toBe(true);
    expect(
      isForeignMutation(
        post({ cookie: 'cutroom.session_token=x', 'sec-fetch-site': 'same-origin' }),
        allowed,
      ),
    ).toBe(false);
    expect(
      isForeignMutation(
        post({ cookie: 'a=b', origin: 'https://video.example.org', 'sec-fetch-site': 'none' }),
        allowed,
      ),
    ).toBe(false);
  });

  it('lets the site itself, API clients without Origin, and reads through', () => {
    expect(isForeignMutation(post({ origin: 'https://video.example.org' }), allowed)).toBe(false);
    expect(isForeignMutation(post({}), allowed)).toBe(false);
    expect(
      isForeignMutation(
        { method: 'GET', headers: new Headers({ origin: 'https://evil.example' }) },
        allowed,
      ),
    ).toBe(false);
  });

  it('trusts the loopback spellings of a local public URL only', () => {
    expect(allowedOriginsFor('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(allowed).toEqual(['https://video.example.org']);
  });
});
