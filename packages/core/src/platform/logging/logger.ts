import pino, { type Logger } from 'pino';

export type { Logger };

/** Paths that must never reach a log line. */
export const REDACTED_PATHS = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'token',
  '*.token',
  'authToken',
  '*.authToken',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  'sessionToken',
  '*.sessionToken',
  'secret',
  '*.secret',
  'unlock',
  '*.unlock',
  'grant',
  '*.grant',
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
];

/** Paths whose query string never reaches a log: what they carry is an account's business. */
const QUIET_QUERY_PATHS = [
  '/api/auth',
  '/api/forms',
  '/login',
  '/register',
  '/reset-password',
  '/verify',
];
/** Query parameters named like a secret keep their name and lose their value, on any path. */
const SECRET_NAME = /pass|secret|token|key|code|otp|auth|session|signature|credential/i;

function parameterName(pair: string): string {
  const raw = pair.split('=', 1)[0]!;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * A request URL as logs may carry it: no query string on account paths (a form sent before
 * its page's scripts loaded puts the password there), the value of any parameter named like a
 * secret replaced elsewhere, the reset token out of /api/auth/reset-password/<token> and the
 * media grant out of /media/k/<grant>/.
 */
export function redactUrl(url: string): string {
  const withoutPathToken = url
    .replace(/(\/reset-password\/)[^/?#\s]+/gi, '$1[redacted]')
    // A media grant in the address is a key to a closed video's bytes (docs/security.md).
    .replace(/(\/media\/k\/)[^/?#\s]+/gi, '$1[redacted]');
  const queryAt = withoutPathToken.indexOf('?');
  if (queryAt < 0) return withoutPathToken;
  const path = withoutPathToken.slice(0, queryAt);
  if (QUIET_QUERY_PATHS.some((quiet) => path === quiet || path.startsWith(`${quiet}/`))) {
    return `${path}?[redacted]`;
  }
  const query = withoutPathToken
    .slice(queryAt + 1)
    .split('&')
    .map((pair) =>
      SECRET_NAME.test(parameterName(pair)) ? `${pair.split('=', 1)[0]}=[redacted]` : pair,
    )
    .join('&');
  return `${path}?${query}`;
}

/** A failed query's message names its parameters (hashes, tokens, addresses): keep the SQL only. */
const withoutParams = (text: string | undefined) =>
  text?.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');

function serializeError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as Record<string, unknown>;
  for (const key of ['message', 'stack'] as const) {
    if (typeof serialized[key] === 'string') serialized[key] = withoutParams(serialized[key]);
  }
  return serialized;
}

/**
 * Structured JSON logs on stdout; request URLs in `url` and `path` lose their tokens, errors
 * the parameters of failed queries.
 */
export function createLogger(
  options: { level?: string; name?: string; destination?: pino.DestinationStream } = {},
): Logger {
  return pino(
    {
      name: options.name ?? 'cutroom',
      level: options.level ?? 'info',
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: undefined,
      serializers: { err: serializeError },
      formatters: {
        log(object) {
          for (const key of ['url', 'path'] as const) {
            const value = object[key];
            if (typeof value === 'string') object[key] = redactUrl(value);
          }
          return object;
        },
      },
    },
    options.destination,
  );
}
