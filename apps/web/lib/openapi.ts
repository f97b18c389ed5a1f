import { endpoints } from '@cutroom/core/api/endpoints';
import { buildOpenApiDocument } from '@cutroom/core/api/openapi';

export function openApiDocument() {
  return buildOpenApiDocument(endpoints, { title: 'Cutroom API', version: '1' });
}
