// What site/member-parts offers the other features: they import it from here alone.

export { MemberCache } from './member-cache';
