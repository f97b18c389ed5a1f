import { endpoints as domainEndpoints } from '@cutroom/core/api/endpoints';
import { buildOpenApiDocument } from '@cutroom/core/api/openapi';
import { publishUploadEndpoint } from '@cutroom/media/uploads/upload.endpoints';

/** Every endpoint of the site's API: the domain's and the media package's. */
export const apiEndpoints = [...domainEndpoints, publishUploadEndpoint];

export function openApiDocument() {
  return buildOpenApiDocument(apiEndpoints, { title: 'Cutroom API', version: '1' });
}
