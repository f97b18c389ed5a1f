export interface Size {
  min: number;
  gzip: number;
}
export interface DistSizes {
  esmCore: Size & { files: string[] };
  iifeCore: Size;
  css: Size;
  react: Size;
  /** withShared: with the chunks it shares with the ESM core (the script-tag build fetches them). */
  lazy: (Size & { name: string; files: string[]; withShared: Size })[];
}
/** Sizes of the core and of each lazy chunk in a dist folder. */
export declare function measureDist(dist: string): DistSizes;
