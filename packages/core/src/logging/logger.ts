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
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
];

/**
 * A request URL without the one-time secrets some URLs carry: verification and reset tokens in
 * the query, the reset token in the path of /api/auth/reset-password/<token>.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|code|refresh_token|access_token)=)[^&#\s]*/gi, '$1[redacted]')
    .replace(/(\/reset-password\/)[^/?#\s]+/gi, '$1[redacted]');
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
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
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
