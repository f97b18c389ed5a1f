'use client';

// Types only: the endpoints' declarations stay on the server; the browser gets their types.
import type { ApiEndpoint } from '@cutroom/media/api-endpoints';
import type { z } from 'zod';

/** What a call answers when the request never reached the server (docs/messages.md). */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again';

/**
 * A call's answer as the site's components use it: whether it succeeded, its status (0 when the
 * network failed), its body, and the server's message and code when it sent them.
 */
export interface ApiResult<Body = Record<string, unknown>> {
  ok: boolean;
  status: number;
  body: Body & { error?: string; message?: string; Message?: string; code?: string };
  /** The server's message (the body's `error` or `message`), or the network error's. */
  message?: string;
  code?: string;
}

/** The path of an endpoint of the JSON API (packages/media/src/api-endpoints.ts). */
export type ApiPath = ApiEndpoint['path'];

type EndpointAt<Path extends ApiPath> = Extract<ApiEndpoint, { path: Path }>;

/** The modes of the endpoint at Path, or never for an endpoint without modes. */
export type ApiMode<Path extends ApiPath> =
  EndpointAt<Path> extends { modes: infer Modes } ? keyof Modes & string : never;

/** What a call sends: the input of the endpoint's schema, narrowed to one mode when it has modes. */
export type ApiPayload<Path extends ApiPath, Mode extends string = ApiMode<Path>> = [
  ApiMode<Path>,
] extends [never]
  ? z.input<EndpointAt<Path>['input']>
  : Extract<z.input<EndpointAt<Path>['input']>, { mode: Mode }>;

/** What a call answers on success: the output schema of its mode, or of the endpoint. */
export type ApiAnswer<Path extends ApiPath, Mode extends string = ApiMode<Path>> =
  EndpointAt<Path> extends { modes: infer Modes }
    ? Modes extends { readonly [M in Mode]: { output: infer Output extends z.ZodType } }
      ? z.output<Output>
      : never
    : z.output<EndpointAt<Path>['output']>;

/** How a call is sent: `keepalive` lets it outlive the page (a view counted, a place saved). */
export interface CallOptions {
  keepalive?: boolean;
}

/** The routes of better-auth (/api/auth/…), which the endpoint registry does not declare. */
type AuthPath = `/api/auth/${string}`;

/**
 * POSTs JSON to one of the site's endpoints (the JSON API, or /api/auth) with the session
 * cookie; never throws: a network failure answers status 0 and NETWORK_ERROR_MESSAGE. The one
 * way the browser calls the server. For the JSON API, the payload and the answer are typed
 * from the endpoint's declared schemas (by its path, and the payload's `mode` if it has modes).
 */
export async function callApi<Path extends ApiPath, Mode extends ApiMode<Path> = ApiMode<Path>>(
  path: Path,
  payload: ([ApiMode<Path>] extends [never] ? unknown : { mode: Mode }) & ApiPayload<Path, Mode>,
  options?: CallOptions,
): Promise<ApiResult<ApiAnswer<Path, Mode>>>;
/** better-auth's answers are its own, not declared here: they come untyped. */
export async function callApi(path: AuthPath, payload: object): Promise<ApiResult>;
export async function callApi<Body>(
  path: string,
  payload: object,
  options: CallOptions = {},
): Promise<ApiResult<Body>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      credentials: 'same-origin',
      keepalive: options.keepalive,
    });
  } catch {
    const body = { error: NETWORK_ERROR_MESSAGE } as ApiResult<Body>['body'];
    return { ok: false, status: 0, body, message: NETWORK_ERROR_MESSAGE };
  }
  const body = (await response.json().catch(() => ({}))) as ApiResult<Body>['body'];
  const message =
    typeof body.error === 'string'
      ? body.error
      : typeof body.message === 'string'
        ? body.message
        : undefined;
  const code = typeof body.code === 'string' ? body.code : undefined;
  return { ok: response.ok, status: response.status, body, message, code };
}
