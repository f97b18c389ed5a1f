// Loaded once the content has its first frame: picture-in-picture and casting
// (docs/player/features.md). Neither can act before the video has its metadata, and casting
// waits for the browser to find a device anyway, so they stay out of the core's first path.
import { CastController } from '../controllers/cast-controller.ts';
import { PipController } from '../controllers/pip-controller.ts';

/** What the extras chunk gives the core. */
export const extras = { CastController, PipController };

/** The extras chunk's module. */
export type ExtrasModule = typeof extras;
