import { videoSettingsEndpoint } from '@cutroom/core/features/videos/settings/video-settings.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(videoSettingsEndpoint);
