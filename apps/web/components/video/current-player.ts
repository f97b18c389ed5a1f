'use client';

import type { Player } from '@cutroom/player';

// The watch page's player, for the parts of the page around it: the share menu reads its time,
// a timestamp in the description seeks it. One page plays one video, so one slot is enough.
let current: Player | null = null;
const listeners = new Set<(player: Player) => void>();

/** Remembers the page's player (null when it goes away). */
export function setCurrentPlayer(player: Player | null): void {
  current = player;
  if (player) for (const listener of listeners) listener(player);
}

/**
 * Calls `listener` with the page's player now (when there is one) and with every player created
 * later (a source change re-creates it); answers the function that stops it.
 */
export function whenPlayer(listener: (player: Player) => void): () => void {
  listeners.add(listener);
  if (current) listener(current);
  return () => listeners.delete(listener);
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
