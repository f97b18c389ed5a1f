'use client';

import type { Player } from '@cutroom/player';

// The watch page's player, for the parts of the page around it: the share menu reads its time,
// a timestamp in the description seeks it. One page plays one video, so one slot is enough.
let current: Player | null = null;

/** Remembers the page's player (null when it goes away). */
export function setCurrentPlayer(player: Player | null): void {
  current = player;
}

/** The page's player, or null before it is created. */
export function getCurrentPlayer(): Player | null {
  return current;
}

/** Seeks the page's player to `seconds`, starts it and brings it into view; false without one. */
export function seekCurrentPlayer(seconds: number): boolean {
  if (!current) return false;
  current.skipTo(seconds);
  current.play();
  current.element.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  current.element.focus({ preventScroll: true });
  return true;
}
