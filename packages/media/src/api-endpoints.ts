import type { Endpoint } from '@cutroom/core/kernel/endpoint';
import { endpoints as domainEndpoints, type DomainEndpoint } from '@cutroom/core/api/endpoints';
import { publishPartnerUploadEndpoint } from './uploads/partner-upload.endpoints';
import { publishUploadEndpoint, replaceFileEndpoint } from './uploads/upload.endpoints';

const mediaEndpoints = [
  publishUploadEndpoint,
  publishPartnerUploadEndpoint,
  replaceFileEndpoint,
] as const;

/**
 * Every endpoint of the site's JSON API: the domain's and the media package's (which imports
 * the domain, not the reverse). The web app routes them, the /api page documents them, and
 * the authorization matrix and bad-input walk are generated from this list.
 */
export const apiEndpoints: readonly Endpoint[] = [...domainEndpoints, ...mediaEndpoints];

/**
 * Any endpoint of the JSON API with its path and schemas' own types: the browser's helper
 * (apps/web/lib/client/api.ts) types its calls from it.
 */
export type ApiEndpoint = DomainEndpoint | (typeof mediaEndpoints)[number];
