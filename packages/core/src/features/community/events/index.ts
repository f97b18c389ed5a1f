// What community/events offers the other features: they import it from here alone.

export { FIRST_EVENT_SLUG } from './event-labels';
