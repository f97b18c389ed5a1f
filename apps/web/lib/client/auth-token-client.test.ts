import { describe, expect, it } from 'vitest';
import {
  createTokenClient,
  tokenExpiry,
  TOKEN_TIMING,
  type SignOutReason,
} from './auth-token-client';

const MINUTE = 60_000;

/** An unsigned JWT-shaped token expiring at `expMs`: the client only reads `exp`. */
function jwtExpiringAt(expMs: number): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'EdDSA' })}.${encode({ sub: 'u1', exp: Math.floor(expMs / 1000) })}.c2ln`;
}

type Answer = 'network' | number | { token: string };

/** A clock, a timer queue and a token endpoint answering from a script. */
function setup(answers: Answer[]) {
  let clock = 1_000_000_000_000;
  const timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  const calls: { url: string; authorization: string | null }[] = [];
  const signOuts: SignOutReason[] = [];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, authorization: new Headers(init?.headers).get('authorization') });
    if (!url.endsWith('/api/auth/token')) {
      const authorized = new Headers(init?.headers).get('authorization');
      return new Response('{}', { status: authorized?.includes('.') ? 200 : 401 });
    }
    const answer = answers.shift() ?? 500;
    if (answer === 'network') throw new TypeError('fetch failed');
    if (typeof answer === 'number') {
      return Response.json(
        { code: answer === 403 ? 'BANNED_USER' : 'UNAUTHORIZED' },
        { status: answer },
      );
    }
    return Response.json(answer);
  };
  const client = createTokenClient({
    baseUrl: 'https://site.test',
    refreshToken: 'refresh-token',
    fetch: fetchImpl as typeof fetch,
    now: () => clock,
    setTimer: (run, ms) => {
      const id = nextId++;
      timers.push({ at: clock + ms, run, id });
      return id;
    },
    clearTimer: (id) => {
      const index = timers.findIndex((timer) => timer.id === id);
      if (index >= 0) timers.splice(index, 1);
    },
    onSignedOut: (reason) => signOuts.push(reason),
  });
  /** Moves the clock to the next timer and runs it. */
  async function runNextTimer() {
    timers.sort((a, b) => a.at - b.at);
    const timer = timers.shift();
    if (!timer) throw new Error('no timer');
    clock = timer.at;
    timer.run();
    await new Promise((resolve) => setTimeout(resolve, 0));
    return timer;
  }
  return {
    client,
    calls,
    signOuts,
    timers,
    runNextTimer,
    now: () => clock,
    advance: (ms: number) => (clock += ms),
  };
}

describe('token client', () => {
  it('reads the expiry of a token', () => {
    expect(tokenExpiry(jwtExpiringAt(1_700_000_000_000))).toBe(1_700_000_000_000);
    expect(tokenExpiry('not a token')).toBeNull();
  });

  it('refreshes about five minutes before the access token expires', async () => {
    const start = 1_000_000_000_000;
    const first = jwtExpiringAt(start + 15 * MINUTE);
    const second = jwtExpiringAt(start + 25 * MINUTE);
    const t = setup([{ token: first }, { token: second }]);
    expect(await t.client.getAccessToken()).toBe(first);
    expect(t.calls[0]).toEqual({
      url: 'https://site.test/api/auth/token',
      authorization: 'Bearer refresh-token',
    });
    expect(t.client.nextRefreshAt).toBe(start + 10 * MINUTE);
    await t.runNextTimer();
    expect(t.now()).toBe(start + 10 * MINUTE);
    expect(await t.client.getAccessToken()).toBe(second);
    expect(t.calls).toHaveLength(2);
  });

  it('counts a token as expired 30 s before its expiry', async () => {
    const start = 1_000_000_000_000;
    const first = jwtExpiringAt(start + 15 * MINUTE);
    const second = jwtExpiringAt(start + 30 * MINUTE);
    const t = setup([{ token: first }, { token: second }]);
    await t.client.getAccessToken();
    t.client.stop();
    t.advance(15 * MINUTE - 31_000);
    expect(await t.client.getAccessToken()).toBe(first);
    t.advance(2_000);
    expect(await t.client.getAccessToken()).toBe(second);
  });

  it('retries after network failures from 30 s, doubling up to 960 s, then starts over', async () => {
    const t = setup([
      'network',
      'network',
      'network',
      'network',
      'network',
      'network',
      'network',
      { token: jwtExpiringAt(1_000_000_000_000 + 60 * MINUTE) },
      'network',
    ]);
    expect(await t.client.getAccessToken()).toBeNull();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const before = t.now();
      await t.runNextTimer();
      delays.push(t.now() - before);
    }
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000]);
    expect(t.client.isSignedIn).toBe(true);
    // Success resets the backoff: the next failure waits 30 s again.
    const before = t.now();
    await t.runNextTimer(); // the planned refresh, which fails
    expect(t.timers[0]!.at - t.now()).toBe(TOKEN_TIMING.firstRetryMs);
    expect(t.now()).toBeGreaterThan(before);
  });

  it('signs out when the refresh token is refused', async () => {
    const t = setup([401]);
    expect(await t.client.getAccessToken()).toBeNull();
    expect(t.signOuts).toEqual(['user-token-expired']);
    expect(t.client.isSignedIn).toBe(false);
    expect(t.timers).toHaveLength(0);
    expect(await t.client.getAccessToken()).toBeNull();
    expect(t.calls).toHaveLength(1);
  });

  it('signs out a disabled account', async () => {
    const t = setup([{ token: jwtExpiringAt(1_000_000_000_000 + 15 * MINUTE) }, 403]);
    await t.client.getAccessToken();
    await t.runNextTimer();
    expect(t.signOuts).toEqual(['user-disabled']);
    expect(t.client.isSignedIn).toBe(false);
  });

  it('asks for one token however many requests wait for it', async () => {
    const t = setup([{ token: jwtExpiringAt(1_000_000_000_000 + 15 * MINUTE) }]);
    const tokens = await Promise.all([1, 2, 3].map(() => t.client.getAccessToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(t.calls).toHaveLength(1);
  });

  it('sends the access token with API calls', async () => {
    const token = jwtExpiringAt(1_000_000_000_000 + 15 * MINUTE);
    const t = setup([{ token }]);
    const response = await t.client.fetch('https://site.test/api/InitNewUser', {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(t.calls[1]).toEqual({
      url: 'https://site.test/api/InitNewUser',
      authorization: `Bearer ${token}`,
    });
  });
});
