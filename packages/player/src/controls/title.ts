// The title at the top, hidden with the controls.
import { el } from '../dom.ts';

export function createTitle(): { element: HTMLElement; set(title: string | null): void } {
  const element = el('div', 'cr-title fp_title');
  return {
    element,
    set(title) {
      element.textContent = title ?? '';
      element.hidden = !title;
    },
  };
}
