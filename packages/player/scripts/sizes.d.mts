export interface Size {
  min: number;
  gzip: number;
}
export interface DistSizes {
  esmCore: Size & { files: string[] };
  iifeCore: Size;
  css: Size;
  react: Size;
  lazy: (Size & { name: string; files: string[] })[];
}
/** Sizes of the core and of each lazy chunk in a dist folder. */
export declare function measureDist(dist: string): DistSizes;
