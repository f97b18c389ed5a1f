import { buildOpenApiDocument } from '@cutroom/core/api/openapi';
import { apiEndpoints } from '@cutroom/media/api-endpoints';

export { apiEndpoints };

export function openApiDocument() {
  return buildOpenApiDocument(apiEndpoints, { title: 'Cutroom API', version: '1' });
}
