/** Standard rendition heights of the HLS ladder, lowest first. */
export const LADDER_HEIGHTS = [240, 360, 480, 720, 1080, 1440, 2160] as const;
