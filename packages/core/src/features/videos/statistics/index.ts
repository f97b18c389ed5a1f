// What videos/statistics offers the other features: they import it from here alone.

export { addWatchTime, watchedSecondsBetween } from './statistics.service';
