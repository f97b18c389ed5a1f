import type { z } from 'zod';
import { requireRight } from '../access/rights';
import type { Endpoint, EndpointAccess, RequestContext } from './endpoint';
// Refusals of input in a person's words, for every schema of the process.
import './zod-messages';
import { isServiceError } from './errors/service-error';
import { isDatabaseBusy } from '../platform/db/transaction-guard';

export interface DispatchResult {
  status: number;
  body: Record<string, unknown>;
}

/** Turns the first validation problem into one sentence a client can show. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  if (issue.code === 'invalid_union' && issue.path.join('.') === 'mode') {
    return issue.message;
  }
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/**
 * Where a string of the body holds a NUL character (the dotted path, '' at the top), or null.
 * PostgreSQL cannot store NUL in text, so it is refused here for every endpoint.
 */
function findNulCharacter(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findNulCharacter(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Where the body holds a `__proto__` key of its own (the dotted path of the object holding it,
 * '' at the top), or null. JSON.parse makes it an ordinary field, which a schema that lets
 * unknown fields through would pass on and a spread or assignment further on would take for
 * the object's prototype; it is refused as a field no call takes.
 */
function findPrototypeKey(value: unknown, path = '', depth = 0): string | null {
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  if (Object.hasOwn(value, '__proto__')) return path;
  for (const [key, item] of Object.entries(value)) {
    const found = findPrototypeKey(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

const errorBody = (status: number, message: string, details?: Record<string, unknown>) => ({
  status,
  body: { ...details, error: message, httpStatusCode: status },
});

/** The right a body's call needs: its mode's for an endpoint with modes (none for no mode). */
export function accessFor(endpoint: Endpoint, body: object): EndpointAccess | undefined {
  if (!endpoint.modes) return endpoint;
  const mode = (body as { mode?: unknown }).mode;
  return typeof mode === 'string' && Object.hasOwn(endpoint.modes, mode)
    ? endpoint.modes[mode]
    : undefined;
}

/** The answer when a request gave up waiting (503, with Retry-After from the web server). */
export const SITE_BUSY_MESSAGE =
  'The site is too busy to answer this right now. Please try again in a few seconds.';

/**
 * Checks the caller's right, validates a request body against an endpoint and runs it. Bad input answers 400, a refusal
 * from a service its own status; only an unexpected fault answers 500 (and is logged).
 */
export async function dispatch(
  endpoint: Endpoint,
  rawBody: unknown,
  context: RequestContext,
): Promise<DispatchResult> {
  if (rawBody === null || typeof rawBody !== 'object' || Array.isArray(rawBody)) {
    return errorBody(400, 'The request body must be a JSON object');
  }
  // The right first: someone without it learns nothing about the input's rules.
  const access = accessFor(endpoint, rawBody);
  if (access) {
    try {
      requireRight(context.actor, access.right, access.refusal);
    } catch (error) {
      if (isServiceError(error)) return errorBody(error.status, error.message, error.details);
      throw error;
    }
  }
  const nulAt = findNulCharacter(rawBody);
  if (nulAt !== null) {
    return errorBody(400, `${nulAt ? `${nulAt}: ` : ''}text may not contain NUL characters`);
  }
  const prototypeAt = findPrototypeKey(rawBody);
  if (prototypeAt !== null) {
    return errorBody(
      400,
      `${prototypeAt ? `${prototypeAt}: ` : ''}has fields this call does not take: __proto__`,
    );
  }
  const parsed = endpoint.input.safeParse(rawBody);
  if (!parsed.success) return errorBody(400, describeZodError(parsed.error));
  try {
    const answer = await endpoint.handle(parsed.data, context);
    const status = answer.status ?? 200;
    return { status, body: { ...answer.body, httpStatusCode: status } };
  } catch (error) {
    if (isServiceError(error)) return errorBody(error.status, error.message, error.details);
    if (isDatabaseBusy(error)) {
      context.log.warn({ err: error, path: endpoint.path }, 'endpoint gave up waiting');
      return errorBody(503, SITE_BUSY_MESSAGE);
    }
    context.log.error({ err: error, path: endpoint.path }, 'endpoint failed');
    return errorBody(500, 'Something went wrong on our side. Please try again later.');
  }
}
