import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the stand-in received: its path, the form fields sent, and the key it carried. */
export interface StandInCall {
  path: string;
  form: Record<string, string>;
  authorization: string;
}

/**
 * A local stand-in for the two calls of Stripe's API the site makes (this machine cannot reach
 * api.stripe.com): POST /v1/checkout/sessions and POST /v1/billing_portal/sessions, answered
 * as Stripe's API reference documents them (an object with its id and the hosted page's url).
 * It records what it was sent so a test can check the site's request. Not Stripe: the real
 * API is walked through by hand in test mode (docs/billing.md).
 */
export async function startStripeStandIn(options: { hostedPages?: boolean } = {}) {
  const calls: StandInCall[] = [];
  let count = 0;
  /** With `hostedPages`, the sessions' URLs are pages of the stand-in itself (for a browser). */
  let self = '';
  const hosted = (stripeBase: string, path: string) =>
    options.hostedPages ? `${self}${path}` : `${stripeBase}${path}`;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
      const path = (request.url ?? '').split('?')[0]!;
      if (request.method === 'GET') {
        const title = path.startsWith('/c/pay/') ? 'Checkout' : 'Billing portal';
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          `<!doctype html><html lang="en"><title>${title} (stand-in)</title><h1>Stripe ${title} (local stand-in)</h1></html>`,
        );
        return;
      }
      calls.push({ path, form, authorization: request.headers.authorization ?? '' });
      count += 1;
      const answer = (status: number, body: object) =>
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(body));
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_standin${count}`;
        return answer(200, {
          id,
          object: 'checkout.session',
          mode: form.mode,
          customer: form.customer ?? null,
          customer_email: form.customer_email ?? null,
          client_reference_id: form.client_reference_id ?? null,
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          status: 'open',
          payment_status: 'unpaid',
          url: hosted('https://checkout.stripe.com', `/c/pay/${id}`),
        });
      }
      if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
        return answer(200, {
          id: `bps_standin${count}`,
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url ?? null,
          url: hosted('https://billing.stripe.com', `/p/session/test_standin${count}`),
        });
      }
      return answer(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  self = `http://127.0.0.1:${port}`;
  return {
    url: self,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
