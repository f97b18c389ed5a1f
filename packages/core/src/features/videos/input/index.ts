// What videos/input offers the other features: they import it from here alone.

export { VideoId } from './video-input.schema';
export { loadManagedVideo } from './video-owner.service';
