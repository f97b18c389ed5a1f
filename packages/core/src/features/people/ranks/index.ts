// What people/ranks offers the other features: they import it from here alone.

export { countPublishedVideos, ranksOf } from './ranks.service';
