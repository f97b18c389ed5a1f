// What videos/processing offers the other features: they import it from here alone.

export {
  cancelVideo,
  deleteVideo,
  listProcessingVideos,
  retryVideo,
  videoMediaUrls,
} from './video-processing.service';
export { findReplacement } from './video-replacement.service';
