'use client';

import { loadOnce, useLoadOnPress } from '@/components/ui/load-on-press';
import type { HeaderMenuProps } from './header-menu-types';

export type { HeaderMenuLink, HeaderMenuProps } from './header-menu-types';

const loadPopup = loadOnce(() => import('./header-menu-popup'));

/**
 * A menu of the top bar. Until it is first opened it is a plain button: the menu itself
 * (Base UI, about 40 KB) loads when a pointer or the focus comes near the button and takes
 * over on the first press, already open, so no page pays for menus nobody opens.
 */
export function HeaderMenu(props: HeaderMenuProps) {
  const { loaded, warm, press } = useLoadOnPress(loadPopup);
  if (loaded) return <loaded.HeaderMenuPopup {...props} initiallyOpen />;
  return (
    <div className="relative shrink-0" data-testid={props.testId}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        aria-label={props.label ?? undefined}
        className={props.triggerClassName}
        onPointerEnter={warm}
        onTouchStart={warm}
        onFocus={warm}
        onClick={() => press()}
      >
        {props.trigger}
      </button>
    </div>
  );
}
