import type { Metadata } from 'next';
import { apiEndpoints as endpoints } from '@/lib/openapi';
import { z } from 'zod';
import { TextPage } from '@/components/content/text-page';

export const metadata: Metadata = { title: 'API' };

/** Every endpoint with its input, generated from the same schemas that validate requests. */
export default function ApiPage() {
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
