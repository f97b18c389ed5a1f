import type { Metadata } from 'next';
import { apiEndpoints as endpoints } from '@/lib/server/openapi';
import { z } from 'zod';
import { TextPage } from '@/components/content/text-page';
import { tokenExamples } from '@/lib/api-token-examples';
import { loadConfig } from '@cutroom/core/platform/config/config';

export const metadata: Metadata = { title: 'API' };
// The token examples name this site's address, read at request time.
export const dynamic = 'force-dynamic';

/** Every endpoint with its input, generated from the same schemas that validate requests. */
export default function ApiPage() {
  const examples = tokenExamples({
    site: loadConfig().PUBLIC_URL,
    email: 'you@example.org',
    password: 'your password',
  });
  return (
    <TextPage title="API">
      <p>
        Every call is a POST with a JSON body. Answers are JSON with an <code>httpStatusCode</code>{' '}
        field; a refusal carries an <code>error</code> message and the HTTP status 400 (invalid
        input), 401 (not signed in), 403 (not allowed), 404 (not found) or 409 (conflict). Sign in
        with the site&apos;s session cookie, or send{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>. The whole description is available as{' '}
        <a href="/api/openapi.json">OpenAPI 3.1</a>.
      </p>
      <section id="tokens">
        <h2>Getting a token</h2>
        <p>
          Outside a browser, sign in with your e-mail address and password: the{' '}
          <code>set-auth-token</code> header of the answer is your refresh token. Trade it for a
          short-lived access token at <code>GET /api/auth/token</code> and send that as{' '}
          <code>Authorization: Bearer</code>. A request without cookies needs no <code>Origin</code>{' '}
          header. With curl:
        </p>
        <pre
          tabIndex={0}
          className="mt-3 overflow-x-auto rounded-lg bg-black/50 p-4 text-xs text-neutral-200"
          data-testid="token-example-curl"
        >
          {examples.curl}
        </pre>
        <p className="mt-3">With fetch (Node 18 and later):</p>
        <pre
          tabIndex={0}
          className="mt-3 overflow-x-auto rounded-lg bg-black/50 p-4 text-xs text-neutral-200"
          data-testid="token-example-fetch"
        >
          {examples.fetch}
        </pre>
      </section>
      {endpoints.map((endpoint) => (
        <section key={endpoint.path} id={endpoint.path.slice(1).replaceAll('/', '-')}>
          <h2>
            <code>POST {endpoint.path}</code>
          </h2>
          <p>{endpoint.summary}</p>
          <pre
            tabIndex={0}
            className="mt-3 overflow-x-auto rounded-lg bg-black/50 p-4 text-xs text-neutral-200"
          >
            {JSON.stringify(z.toJSONSchema(endpoint.input, { io: 'input' }), null, 2)}
          </pre>
          <p className="mt-3">Answer:</p>
          <pre
            tabIndex={0}
            className="mt-3 overflow-x-auto rounded-lg bg-black/50 p-4 text-xs text-neutral-200"
          >
            {JSON.stringify(
              z.toJSONSchema(endpoint.output, { io: 'output', unrepresentable: 'any' }),
              null,
              2,
            )}
          </pre>
        </section>
      ))}
    </TextPage>
  );
}
