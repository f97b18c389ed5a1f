import { videoSettingsEndpoint } from '@cutroom/core/features/videos/settings/video-settings.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(videoSettingsEndpoint);
