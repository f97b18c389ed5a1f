import { openApiRoute } from '@cutroom/core/api/raw-routes';
import { openApiDocument } from '@/lib/server/openapi';
import { rawRoute } from '@/lib/server/raw-route';

/** The machine-readable description of the API. */
export const GET = rawRoute(openApiRoute, () => Response.json(openApiDocument()));
