/** The player's version, shown in its context menu. */
export const version = '0.1.0';
