export declare const MEDIA_VERSION: string;
export declare const DURATION: number;
/** Writes the test media into `dir` once and returns its absolute path. */
export declare function makeMedia(dir: string): string;
