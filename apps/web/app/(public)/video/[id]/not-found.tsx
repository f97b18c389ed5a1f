import { ErrorPage } from '@/components/errors/error-page';

/** A video id that names no video: 404 with the site's message (docs/messages.md, "Videos"). */
export default function VideoNotFound() {
  return <ErrorPage statusCode={404} description="This video doesn't exist" />;
}
