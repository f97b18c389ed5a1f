// What people/profiles offers the other features: they import it from here alone.

export { imageDemuxer, runFfmpeg } from './avatar.service';
