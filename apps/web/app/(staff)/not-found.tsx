import { MissingPage } from '@/components/errors/missing-page';

/** A notFound() of the group's pages: 404 inside the group's shell. */
export default MissingPage;
