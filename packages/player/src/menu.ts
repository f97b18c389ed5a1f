import { el } from './dom.ts';

/** An entry of a popup menu. */
export interface MenuItem {
  label: string;
  /** Shown as a radio choice when defined. */
  checked?: boolean;
  disabled?: boolean;
  /** Small badge after the label, e.g. HD. */
  badge?: string;
  onSelect?: () => void;
  /** Opens another list in place of this one. */
  submenu?: () => MenuItem[];
  submenuTitle?: string;
}

/**
 * One popup menu per player: a list of real buttons with menu roles, arrow keys to move,
 * Escape to close, focus back on the button that opened it.
 */
export class PopupMenu {
  readonly element: HTMLDivElement;
  #opener: HTMLElement | null = null;
  #onOutside = (event: Event): void => {
    const target = event.target as Node | null;
    if (target && (this.element.contains(target) || this.#opener?.contains(target))) return;
    this.close(false);
  };

  constructor(className: string) {
    this.element = el('div', `cr-menu ${className}`, { role: 'menu' });
    this.element.hidden = true;
    this.element.addEventListener('keydown', (event) => this.#onKey(event));
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  get opener(): HTMLElement | null {
    return this.#opener;
  }

  open(opener: HTMLElement, label: string, items: MenuItem[]): void {
    this.#opener = opener;
    this.element.setAttribute('aria-label', label);
    this.element.hidden = false;
    this.#render(items);
    opener.setAttribute('aria-expanded', 'true');
    document.addEventListener('pointerdown', this.#onOutside, true);
    this.#focusItem(0);
  }

  close(restoreFocus = true): void {
    if (this.element.hidden) return;
    this.element.hidden = true;
    this.element.replaceChildren();
    this.#opener?.setAttribute('aria-expanded', 'false');
    document.removeEventListener('pointerdown', this.#onOutside, true);
    if (restoreFocus) this.#opener?.focus();
    this.#opener = null;
  }

  #render(items: MenuItem[]): void {
    this.element.classList.remove('cr-menu-columns');
    this.element.replaceChildren(
      ...items.map((item) => {
        const isRadio = item.checked !== undefined;
        const button = el('button', 'cr-menu-item', {
          type: 'button',
          role: isRadio ? 'menuitemradio' : 'menuitem',
          tabindex: '-1',
        });
        if (isRadio) button.setAttribute('aria-checked', String(item.checked));
        if (item.submenu) button.setAttribute('aria-haspopup', 'menu');
        button.disabled = item.disabled ?? false;
        button.textContent = item.label;
        if (item.badge) {
          const badge = el('span', 'cr-badge');
          badge.textContent = item.badge;
          button.append(badge);
        }
        button.addEventListener('click', () => {
          if (item.submenu) {
            this.#render(item.submenu());
            if (item.submenuTitle) this.element.setAttribute('aria-label', item.submenuTitle);
            this.#focusItem(0);
            return;
          }
          // Closed first: an entry may open another menu (a control moved out of the bar).
          this.close();
          item.onSelect?.();
        });
        return button;
      }),
    );
    // Every entry in view: a list taller than the player takes two columns.
    if (this.element.scrollHeight > this.element.clientHeight + 1)
      this.element.classList.add('cr-menu-columns');
  }

  #items(): HTMLButtonElement[] {
    return [...this.element.querySelectorAll<HTMLButtonElement>('.cr-menu-item:not(:disabled)')];
  }

  #focusItem(index: number): void {
    const items = this.#items();
    const checked = items.findIndex((b) => b.getAttribute('aria-checked') === 'true');
    const target = items[index === 0 && checked >= 0 ? checked : index];
    target?.focus();
  }

  #onKey(event: KeyboardEvent): void {
    const items = this.#items();
    const current = items.indexOf(document.activeElement as HTMLButtonElement);
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = (current + 1) % items.length;
    else if (event.key === 'ArrowUp') next = (current - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (event.key === 'Escape') this.close();
    else if (event.key === 'Tab') this.close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
    event.stopPropagation();
    if (next !== null) items[next]?.focus();
  }
}
