// What videos/live offers the other features: they import it from here alone.

export { announceLiveChat } from './live.service';
export { livePrefix } from './live-media-keys';
