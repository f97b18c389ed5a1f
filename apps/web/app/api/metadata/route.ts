import { metadataEndpoint } from '@cutroom/core/metadata/metadata.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(metadataEndpoint);
