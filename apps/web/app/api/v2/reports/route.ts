import { reportsEndpoint } from '@cutroom/core/features/moderation/reports/reports.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(reportsEndpoint);
