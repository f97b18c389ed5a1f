/** The player's version, shown in its context menu. */
export const version = '1.0.0';
