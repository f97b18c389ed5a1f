'use client';

import { useState } from 'react';
import type { HeaderMenuProps } from './header-menu-types';
import type * as PopupModuleType from './header-menu-popup';

export type { HeaderMenuLink, HeaderMenuProps } from './header-menu-types';

type PopupModule = typeof PopupModuleType;
let popupModule: Promise<PopupModule> | null = null;
const loadPopup = () => (popupModule ??= import('./header-menu-popup'));

/**
 * A menu of the top bar. Until it is first opened it is a plain button: the menu itself
 * (Base UI, about 40 KB) loads when a pointer or the focus comes near the button and takes
 * over on the first press, already open, so no page pays for menus nobody opens.
 */
export function HeaderMenu(props: HeaderMenuProps) {
  const [Popup, setPopup] = useState<PopupModule['HeaderMenuPopup'] | null>(null);
  if (Popup) return <Popup {...props} initiallyOpen />;
  const open = () => {
    void loadPopup().then((module) => setPopup(() => module.HeaderMenuPopup));
  };
  const warm = () => void loadPopup();
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
        onClick={open}
      >
        {props.trigger}
      </button>
    </div>
  );
}
