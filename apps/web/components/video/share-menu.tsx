'use client';

import { loadOnce, useLoadOnPress } from '@/components/ui/load-on-press';
import type { ShareMenuProps } from './share-menu-popup';

const loadPopover = loadOnce(() => import('./share-menu-popup'));

/** The watch page's Share button; its popover (Base UI) loads on the first press. */
export function ShareMenu(props: ShareMenuProps) {
  const { loaded, warm, press } = useLoadOnPress(loadPopover);
  if (loaded) return <loaded.SharePopover {...props} />;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={warm}
      onTouchStart={warm}
      onFocus={warm}
      onClick={() => press()}
      className="rounded-full border border-white/20 px-3 py-1 text-sm hover:bg-white/10"
      data-testid="share-button"
    >
      Share
    </button>
  );
}
