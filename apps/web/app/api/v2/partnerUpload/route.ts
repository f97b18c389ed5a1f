import { publishPartnerUploadEndpoint } from '@cutroom/media/uploads/partner-upload.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(publishPartnerUploadEndpoint);
