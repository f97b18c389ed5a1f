'use client';

import { CutroomPlayer, type CutroomPlayerProps } from '@cutroom/player/react';
import type { Player } from '@cutroom/player';
import { useLayoutEffect, useRef } from 'react';

/**
 * The player's React component, destroyed while its element is still in the page. The
 * component destroys its player in a passive effect, which React runs on unmount after the
 * element has left the document, and the player then logs "No wrapper found on destroy." as an
 * error (every queue move, every navigation away from a watch page). A layout effect's cleanup
 * runs before the element is removed; the component's own destroy() afterwards does nothing.
 * Give it the `key` that re-creates the player.
 */
export function SitePlayer(props: CutroomPlayerProps) {
  const created = useRef<Player | null>(null);
  useLayoutEffect(() => () => created.current?.destroy(), []);
  return (
    <CutroomPlayer
      {...props}
      onReady={(player) => {
        created.current = player;
        props.onReady?.(player);
      }}
    />
  );
}
