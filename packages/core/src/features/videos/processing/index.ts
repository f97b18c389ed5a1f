export * from '../../../platform/events/processing-events';
export * from './video-processing.schema';
export * from './video-processing.service';
