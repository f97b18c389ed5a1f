import { metadataEndpoint } from '@cutroom/core/features/videos/metadata/metadata.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(metadataEndpoint);
