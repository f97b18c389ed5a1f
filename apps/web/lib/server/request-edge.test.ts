import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  compileProxyTrust,
  createForeignRequestCheck,
  settleForwardedHeaders,
} from './request-edge';

const incoming = (peer: string, headers: Record<string, string>, method = 'GET') =>
  ({
    method,
    headers: { ...headers },
    socket: { remoteAddress: peer },
  }) as unknown as IncomingMessage;

describe('forwarded headers', () => {
  it('ignores X-Forwarded-For from any client when no proxy is configured', () => {
    const request = incoming('203.0.113.9', {
      'x-forwarded-for': '1.2.3.4',
      'x-real-ip': '1.2.3.4',
      forwarded: 'for=1.2.3.4',
      'x-forwarded-host': 'evil.example',
    });
    expect(settleForwardedHeaders(request, compileProxyTrust(''))).toBe('203.0.113.9');
    expect(request.headers).toEqual({ 'x-forwarded-for': '203.0.113.9' });
  });

  it('believes a configured proxy, taking the first address it did not add itself', () => {
    const trust = compileProxyTrust('10.0.0.0/8, loopback');
    const request = incoming('10.0.0.2', {
      'x-forwarded-for': '1.2.3.4, 198.51.100.7, 10.0.0.9',
      'x-forwarded-proto': 'https',
    });
    expect(settleForwardedHeaders(request, trust)).toBe('198.51.100.7');
    expect(request.headers['x-forwarded-for']).toBe('198.51.100.7');
    expect(request.headers['x-forwarded-proto']).toBe('https');
  });

  it('does not believe a client that is not one of the configured proxies', () => {
    const trust = compileProxyTrust('10.0.0.0/8');
    const request = incoming('198.51.100.7', { 'x-forwarded-for': '10.0.0.3' });
    expect(settleForwardedHeaders(request, trust)).toBe('198.51.100.7');
  });
});

describe('cross-site changes', () => {
  const isForeign = createForeignRequestCheck('https://video.example.org');
  const cookie = 'cutroom.session_token=abc';

  it('refuses cookie-carrying changes from other sites or naming no origin', () => {
    expect(isForeign(incoming('1.1.1.1', { cookie }, 'DELETE'))).toBe(true);
    expect(
      isForeign(incoming('1.1.1.1', { cookie, origin: 'https://evil.example' }, 'PATCH')),
    ).toBe(true);
    expect(isForeign(incoming('1.1.1.1', { 'sec-fetch-site': 'cross-site' }, 'POST'))).toBe(true);
  });

  it('lets the site, bearer clients without cookies, and reads through', () => {
    expect(
      isForeign(incoming('1.1.1.1', { cookie, origin: 'https://video.example.org' }, 'POST')),
    ).toBe(false);
    expect(
      isForeign(incoming('1.1.1.1', { cookie, 'sec-fetch-site': 'same-origin' }, 'POST')),
    ).toBe(false);
    expect(isForeign(incoming('1.1.1.1', { authorization: 'Bearer x' }, 'POST'))).toBe(false);
    expect(isForeign(incoming('1.1.1.1', { cookie, origin: 'https://evil.example' }))).toBe(false);
  });
});
