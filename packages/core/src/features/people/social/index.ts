// What people/social offers the other features: they import it from here alone.

export { findUserByUsername, pageOf, pagePosition, personColumns } from './people-access';
export type { ListPage, PersonSummary } from './people-access';
export { PEOPLE_MESSAGES } from './people-messages';
