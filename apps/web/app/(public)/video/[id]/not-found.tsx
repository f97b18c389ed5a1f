import { ErrorPage } from '@/components/errors/error-page';

/** A video id that names no video: 404 with the spec's message. */
export default function VideoNotFound() {
  return <ErrorPage statusCode={404} description="This video doesn't exist" />;
}
