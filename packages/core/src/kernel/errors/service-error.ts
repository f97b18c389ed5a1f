/** What went wrong, in terms an HTTP layer can map to a status code. */
export type ServiceErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'insufficient_storage'
  /** A service the site depends on (the payment provider) did not answer: try again later. */
  | 'unavailable';

export const STATUS_BY_KIND: Record<ServiceErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  /** The server's disk (or quota) is full: nothing was kept; trying later may work. */
  insufficient_storage: 507,
  unavailable: 503,
};

/**
 * An expected refusal with a message meant for the user. Services throw it; the API layer
 * answers with its status and message. Anything else is a bug and answers 500.
 */
export class ServiceError extends Error {
  readonly kind: ServiceErrorKind;
  /** Extra answer fields the API's clients expect beside the message (docs/api.md). */
  readonly details: Record<string, unknown> | undefined;

  constructor(kind: ServiceErrorKind, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ServiceError';
    this.kind = kind;
    this.details = details;
  }

  get status(): number {
    return STATUS_BY_KIND[this.kind];
  }
}

export const isServiceError = (error: unknown): error is ServiceError =>
  error instanceof ServiceError;
