import { ErrorPage } from '@/components/errors/error-page';
import { VIDEO_HELD_MESSAGE } from '@cutroom/core/access/video-rules';

/** A held upload, to anyone but its owner and staff: never published, waiting for review. */
export default function VideoHeldForReview() {
  return (
    <ErrorPage statusCode={403} statusMessage="Held for review" description={VIDEO_HELD_MESSAGE} />
  );
}
