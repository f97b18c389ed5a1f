/**
 * Debian's Chromium with the flags this environment needs (no sandbox, no GPU, no network): the
 * one launch setting of every browser test and bench (the player's, the site's, the benches').
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

/** The same for playback without a person: autoplay without a gesture, sound muted. */
export const CHROMIUM_PLAYBACK_LAUNCH = {
  executablePath: CHROMIUM_LAUNCH.executablePath,
  args: [...CHROMIUM_LAUNCH.args, '--autoplay-policy=no-user-gesture-required', '--mute-audio'],
};
