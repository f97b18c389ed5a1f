// What videos/watch offers the other features: they import it from here alone.

export { canonicalVideoPath, visitorKey } from './watch.service';
