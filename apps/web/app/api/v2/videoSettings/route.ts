import { videoSettingsEndpoint } from '@cutroom/core/video-settings/video-settings.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(videoSettingsEndpoint);
