/**
 * Every request of the soak bench goes through `Traffic`: one client deadline each (so the
 * bench never hangs), only to 127.0.0.1, and each one recorded with its kind, status and time.
 */

/** One request as it ended: status 0 when no answer came (the deadline, or a network error). */
export interface Sample {
  kind: string;
  status: number;
  ms: number;
  /** When it was sent, in ms since the traffic began. */
  at: number;
  /** Why no answer came, or the first words of a refusal (4xx) or a 5xx answer. */
  error?: string;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  /** The JSON answer (`{}` when it was not JSON). */
  body: T;
  headers: Headers;
  /** False when no answer came: the deadline passed or the connection failed. */
  answered: boolean;
}

export interface RequestOptions {
  method?: string;
  cookie?: string;
  /** Sent as JSON, with the `origin` header the site's same-origin check wants. */
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

export class Traffic {
  readonly samples: Sample[] = [];
  /** Requests sent and not yet ended, by number: should be empty when the run ends. */
  readonly inFlight = new Map<number, { kind: string; startedAt: number }>();
  private next = 0;
  private readonly began = performance.now();

  constructor(
    readonly baseUrl: string,
    /** The client's own deadline for each request. */
    readonly deadlineMs = 15_000,
  ) {
    const host = new URL(baseUrl).hostname;
    if (host !== '127.0.0.1')
      throw new Error(`The soak bench only speaks to 127.0.0.1, not ${host}`);
  }

  /**
   * A `fetch` for helpers that take one (bench/support/site.ts): every call it makes is
   * recorded under `kind`, with the same deadline.
   */
  fetcher(kind: string): typeof fetch {
    return (async (input: string | URL | Request, init?: RequestInit) => {
      const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
      return this.raw(kind, url, init ?? {});
    }) as typeof fetch;
  }

  /** A request to `path` on the site; the answer's JSON is read within the same deadline. */
  async request<T = Record<string, unknown>>(
    kind: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const method = options.method ?? (body === undefined ? 'GET' : 'POST');
    const number = this.start(kind);
    const started = performance.now();
    const signal = AbortSignal.timeout(this.deadlineMs);
    try {
      const response = await fetch(new URL(path, this.baseUrl), {
        method,
        headers,
        body,
        redirect: 'manual',
        signal,
      });
      const text = await response.text();
      const ms = performance.now() - started;
      let parsed = {} as T;
      try {
        parsed = JSON.parse(text) as T;
      } catch {
        // A page, or an empty answer.
      }
      this.end(number, {
        kind,
        status: response.status,
        ms,
        at: started - this.began,
        ...(response.status >= 400 ? { error: refusal(parsed, text) } : {}),
      });
      return { status: response.status, body: parsed, headers: response.headers, answered: true };
    } catch (error) {
      const ms = performance.now() - started;
      this.end(number, {
        kind,
        status: 0,
        ms,
        at: started - this.began,
        error: describe(error, signal),
      });
      return { status: 0, body: {} as T, headers: new Headers(), answered: false };
    }
  }

  /** A recorded request whose Response is handed back as it is (its body read by the caller). */
  private async raw(kind: string, url: string, init: RequestInit): Promise<Response> {
    if (new URL(url).hostname !== '127.0.0.1') throw new Error(`Not a request to the site: ${url}`);
    const number = this.start(kind);
    const started = performance.now();
    const signal = AbortSignal.timeout(this.deadlineMs);
    try {
      const response = await fetch(url, { ...init, signal });
      // The body is read here, within the deadline, so the time counts all of the answer.
      const bytes = await response.arrayBuffer();
      this.end(number, {
        kind,
        status: response.status,
        ms: performance.now() - started,
        at: started - this.began,
      });
      return new Response(response.status === 204 || response.status === 304 ? null : bytes, {
        status: response.status,
        headers: response.headers,
      });
    } catch (error) {
      this.end(number, {
        kind,
        status: 0,
        ms: performance.now() - started,
        at: started - this.began,
        error: describe(error, signal),
      });
      throw error;
    }
  }

  private start(kind: string): number {
    this.next += 1;
    this.inFlight.set(this.next, { kind, startedAt: performance.now() });
    return this.next;
  }

  private end(number: number, sample: Sample) {
    this.inFlight.delete(number);
    this.samples.push(sample);
  }
}

/** The error message of a JSON refusal, or the first words of the answer. */
function refusal(parsed: unknown, text: string): string {
  const message = (parsed as { error?: unknown } | null)?.error;
  return (typeof message === 'string' ? message : text).slice(0, 160);
}

function describe(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'no answer before the client deadline';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
