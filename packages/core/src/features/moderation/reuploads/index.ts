// What moderation/reuploads offers the other features: they import it from here alone.

export { recordReuploadHold } from './hold-record';
export { holdAgainst, openableVideoIds, type HeldAgainst } from './lineage';
export { storeFingerprint } from './reuploads.service';
export type { VideoFingerprint } from './fingerprint';
