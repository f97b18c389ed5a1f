import { metadataEndpoint } from '@cutroom/core/features/videos/metadata/metadata.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(metadataEndpoint);
