import { ErrorPage } from '@/components/errors/error-page';

/** A video that was unpublished: 401 with the site's message (docs/messages.md, "Videos"). */
export default function VideoNotAccessible() {
  return (
    <ErrorPage
      statusCode={401}
      statusMessage="Not accessible"
      description="This video is not accessible anymore"
    />
  );
}
