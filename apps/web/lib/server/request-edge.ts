// Imported by server.ts only: what every request goes through before anything answers it.
import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import { allowedOriginsFor, isForeignMutation } from '@cutroom/core/features/accounts/auth/origin';

const FORWARDED_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-real-ip',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
] as const;

/** A trust function for `TRUSTED_PROXIES` ("10.0.0.0/8, loopback"); empty trusts no one. */
export function compileProxyTrust(setting: string): (address: string, hop: number) => boolean {
  const entries = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return () => false;
  return proxyAddr.compile(entries);
}

/**
 * Makes the request's forwarded headers tell the truth: when the connection comes from a
 * trusted proxy, `x-forwarded-for` becomes the one client address found through the trusted
 * chain (and the proxy's host and protocol headers stay); from anyone else every forwarded
 * header is dropped and `x-forwarded-for` is the connection's own address. Code after this
 * (rate limits, logs, the auth library) reads the client from `x-forwarded-for` alone.
 */
export function settleForwardedHeaders(
  request: IncomingMessage,
  trust: (address: string, hop: number) => boolean,
): string {
  const peer = request.socket.remoteAddress ?? '127.0.0.1';
  const fromProxy = trust(peer, 0);
  const client = fromProxy ? proxyAddr(request, trust) : peer;
  for (const name of FORWARDED_HEADERS) {
    if (!fromProxy || name === 'forwarded' || name === 'x-real-ip' || name === 'x-forwarded-for') {
      delete request.headers[name];
    }
  }
  request.headers['x-forwarded-for'] = client;
  return client;
}

/** The same-origin check for state changes, for requests as node:http receives them. */
export function createForeignRequestCheck(publicUrl: string) {
  const allowed = allowedOriginsFor(publicUrl);
  return (request: IncomingMessage): boolean => {
    const headers = new Headers();
    for (const name of ['origin', 'sec-fetch-site', 'cookie'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    return isForeignMutation({ method: request.method ?? 'GET', headers }, allowed);
  };
}
