/**
 * Bearer tokens for API clients (scripts, apps, other sites' widgets); the site itself uses its
 * session cookie. Sign in once with e-mail and password to get a refresh token (the session
 * token, header `set-auth-token` of POST /api/auth/sign-in/email); trade it at
 * GET /api/auth/token for a short-lived access token (a JWT); send that as
 * `Authorization: Bearer <access token>`.
 *
 * This client follows the timing rules of docs/accounts.md and docs/limits.md: it refreshes the
 * access token about 5 minutes before it expires, counts a token as expired 30 s early, retries a
 * refresh that failed on the network after 30 s, doubling up to 960 s, and signs out when the
 * server refuses the refresh token (session ended, account disabled).
 */

export const TOKEN_TIMING = {
  refreshBeforeExpiryMs: 5 * 60_000,
  expiryMarginMs: 30_000,
  firstRetryMs: 30_000,
  maxRetryMs: 960_000,
} as const;

export type SignOutReason = 'user-token-expired' | 'user-disabled';

export interface TokenClientOptions {
  /** The site's origin, e.g. https://video.example.com. */
  baseUrl: string;
  refreshToken: string;
  fetch?: typeof fetch;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /** Called once when the client gives up its tokens. */
  onSignedOut?: (reason: SignOutReason) => void;
}

export interface TokenClient {
  /** A valid access token, refreshed first when it is (nearly) expired; null once signed out. */
  getAccessToken(): Promise<string | null>;
  /** fetch with the access token; a 401 is retried once after a refresh. */
  fetch(input: string, init?: RequestInit): Promise<Response>;
  /** Ends the session on the server and forgets the tokens. */
  signOut(): Promise<void>;
  readonly isSignedIn: boolean;
  /** When the next refresh is planned (epoch ms), for display and tests. */
  readonly nextRefreshAt: number | null;
  /** Stops the timer without signing out. */
  stop(): void;
}

/** The expiry of a JWT (epoch ms), read without checking its signature: the server does that. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      exp?: unknown;
    };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Signs in with e-mail and password; answers the refresh token, or the server's message. */
export async function signInForTokens(options: {
  baseUrl: string;
  email: string;
  password: string;
  fetch?: typeof fetch;
}): Promise<{ refreshToken: string } | { error: string; status: number }> {
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(`${options.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: options.email, password: options.password }),
  });
  const refreshToken = response.headers.get('set-auth-token');
  if (response.ok && refreshToken) return { refreshToken };
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return {
    error: body.message ?? `Sign-in failed (status ${response.status})`,
    status: response.status,
  };
}

export function createTokenClient(options: TokenClientOptions): TokenClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as never));

  let refreshToken: string | null = options.refreshToken;
  let accessToken: string | null = null;
  let expiresAt = 0;
  let retryMs: number = TOKEN_TIMING.firstRetryMs;
  let timer: unknown = null;
  let nextRefreshAt: number | null = null;
  let pending: Promise<string | null> | null = null;

  function schedule(delayMs: number) {
    if (timer !== null) clearTimer(timer);
    nextRefreshAt = now() + delayMs;
    timer = setTimer(() => {
      timer = null;
      nextRefreshAt = null;
      void refresh();
    }, delayMs);
  }

  function forget(reason: SignOutReason | null) {
    if (timer !== null) clearTimer(timer);
    timer = null;
    nextRefreshAt = null;
    const wasSignedIn = refreshToken !== null;
    refreshToken = null;
    accessToken = null;
    if (wasSignedIn && reason) options.onSignedOut?.(reason);
  }

  function retryLater() {
    schedule(retryMs);
    retryMs = Math.min(retryMs * 2, TOKEN_TIMING.maxRetryMs);
  }

  async function requestToken(): Promise<string | null> {
    if (!refreshToken) return null;
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}/api/auth/token`, {
        headers: { authorization: `Bearer ${refreshToken}` },
      });
    } catch {
      retryLater();
      return null;
    }
    if (response.status === 401 || response.status === 403) {
      const body = (await response.json().catch(() => ({}))) as { code?: string };
      forget(
        body.code === 'BANNED_USER' || response.status === 403
          ? 'user-disabled'
          : 'user-token-expired',
      );
      return null;
    }
    if (!response.ok) {
      // The server is having trouble, not the token: try again later.
      retryLater();
      return null;
    }
    const { token } = (await response.json()) as { token?: string };
    const expiry = token ? tokenExpiry(token) : null;
    if (!token || expiry === null) {
      retryLater();
      return null;
    }
    accessToken = token;
    expiresAt = expiry;
    retryMs = TOKEN_TIMING.firstRetryMs;
    schedule(Math.max(0, expiresAt - TOKEN_TIMING.refreshBeforeExpiryMs - now()));
    return token;
  }

  function refresh(): Promise<string | null> {
    // One refresh at a time, however many requests wait for it.
    pending ??= requestToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  const isFresh = () => accessToken !== null && now() < expiresAt - TOKEN_TIMING.expiryMarginMs;

  const client: TokenClient = {
    async getAccessToken() {
      if (!refreshToken) return null;
      if (isFresh()) return accessToken;
      return refresh();
    },
    async fetch(input, init = {}) {
      const send = (token: string | null) => {
        const headers = new Headers(init.headers);
        if (token) headers.set('authorization', `Bearer ${token}`);
        return doFetch(input, { ...init, headers });
      };
      const response = await send(await client.getAccessToken());
      if (response.status !== 401 || !refreshToken) return response;
      accessToken = null;
      return send(await refresh());
    },
    async signOut() {
      const token = refreshToken;
      forget(null);
      if (!token) return;
      await doFetch(`${options.baseUrl}/api/auth/sign-out`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      }).catch(() => undefined);
    },
    get isSignedIn() {
      return refreshToken !== null;
    },
    get nextRefreshAt() {
      return nextRefreshAt;
    },
    stop() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      nextRefreshAt = null;
    },
  };
  return client;
}
