import { openApiDocument } from '@/lib/openapi';

/** The machine-readable description of the API. */
export function GET() {
  return Response.json(openApiDocument());
}
