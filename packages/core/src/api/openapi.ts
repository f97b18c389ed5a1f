import { z } from 'zod';
import { answerSchemaOf, type Endpoint } from '../kernel/endpoint';

const errorSchema = {
  type: 'object',
  properties: { error: { type: 'string' }, httpStatusCode: { type: 'integer' } },
  required: ['error', 'httpStatusCode'],
};

/** The OpenAPI 3.1 document of the JSON API, generated from the endpoints' own zod schemas. */
export function buildOpenApiDocument(
  endpoints: readonly Endpoint[],
  info: { title: string; version: string },
): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const endpoint of endpoints) {
    paths[endpoint.path] = {
      post: {
        summary: endpoint.summary,
        // The right each call needs, from the rights table (packages/core/src/access).
        'x-right': endpoint.right,
        ...(endpoint.modes
          ? {
              'x-mode-rights': Object.fromEntries(
                Object.entries(endpoint.modes).map(([mode, access]) => [mode, access.right]),
              ),
            }
          : {}),
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: z.toJSONSchema(endpoint.input, { io: 'input' }) },
          },
        },
        responses: {
          '200': {
            description: 'Done (some calls answer 201 when they create something)',
            content: {
              'application/json': {
                schema: z.toJSONSchema(answerSchemaOf(endpoint)!, {
                  io: 'output',
                  unrepresentable: 'any',
                }),
              },
            },
          },
          '400': {
            description: 'Invalid input',
            content: { 'application/json': { schema: errorSchema } },
          },
          '401': {
            description: 'Not signed in',
            content: { 'application/json': { schema: errorSchema } },
          },
          '403': {
            description: 'Not allowed',
            content: { 'application/json': { schema: errorSchema } },
          },
        },
      },
    };
  }
  return { openapi: '3.1.0', info, paths };
}
