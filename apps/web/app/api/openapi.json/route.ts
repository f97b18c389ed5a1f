import { openApiRoute } from '@cutroom/core/api/raw-routes';
import { openApiDocument } from '@/lib/openapi';
import { rawRoute } from '@/lib/raw-route';

/** The machine-readable description of the API. */
export const GET = rawRoute(openApiRoute, () => Response.json(openApiDocument()));
