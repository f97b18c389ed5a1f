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

/** Structured JSON logs on stdout. */
export function createLogger(
  options: { level?: string; name?: string; destination?: pino.DestinationStream } = {},
): Logger {
  return pino(
    {
      name: options.name ?? 'cutroom',
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: undefined,
    },
    options.destination,
  );
}
