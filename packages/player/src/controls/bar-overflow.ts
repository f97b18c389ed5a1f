// What does not fit in the control bar moves into the settings menu, as phone players do
// (docs/player/features.md, "Controls"): at every width from 320 px up each control stays
// reachable. The bar gives up its buttons in a fixed order (the least used first); the settings
// menu lists each one moved as an entry that presses it.
import type { PlayerContext } from '../controllers/context.ts';
import type { MenuItem } from '../menu.ts';

/** Classes of the bar's buttons, the first to leave the bar first. */
const ORDER = [
  'cr-download',
  'cr-cardboard',
  'cr-cast',
  'cr-theatre-btn',
  'cr-pip',
  'cr-mini-btn',
  'cr-speed',
  'cr-captions',
  'cr-skip-back',
  'cr-skip-forward',
];

export interface BarOverflow {
  /** The settings menu's entries for the buttons moved out of the bar. */
  items(): MenuItem[];
  /** Whether any button is out of the bar. */
  readonly hasItems: boolean;
  /** Lays the bar out again before the next frame (a button was added, shown or hidden). */
  fit(): void;
}

export function bindBarOverflow(ctx: PlayerContext, row: HTMLElement): BarOverflow {
  let moved: HTMLElement[] = [];
  let isFitting = false;
  const fit = (): void => {
    if (isFitting || row.clientWidth === 0) return;
    isFitting = true;
    const before = moved.length;
    for (const button of moved) button.classList.remove('cr-overflowed');
    moved = [];
    row.classList.remove('cr-narrow');
    const overflows = (): boolean => row.scrollWidth > row.clientWidth + 1;
    // The volume slider goes first: the mute button stays, phones have their own volume keys.
    if (overflows()) row.classList.add('cr-narrow');
    const moveOut = (): void => {
      for (const name of ORDER) {
        if (!overflows()) break;
        const button = row.querySelector<HTMLElement>(`.${name}:not(.cr-overflowed)`);
        if (!button || button.hidden) continue;
        button.classList.add('cr-overflowed');
        moved.push(button);
      }
    };
    moveOut();
    // The settings button shows once it has entries to offer, and may itself push one more out.
    if (moved.length !== before || moved.length) {
      ctx.trigger('overflowChange');
      moveOut();
    }
    isFitting = false;
  };
  // Asked for by a change (many during the player's creation): once, before the next frame.
  // Measured at once, each would force a layout of the page, and the first of them ran before
  // the content's request left (docs/player/performance.md).
  let isFitDue = false;
  const fitBeforeNextFrame = (): void => {
    if (isFitDue) return;
    isFitDue = true;
    requestAnimationFrame(() => {
      isFitDue = false;
      if (!ctx.isDestroyed) fit();
    });
  };
  for (const event of ['sourcesChange', 'subtitlesChange', 'liveChange'] as const)
    ctx.on(event, fitBeforeNextFrame);
  if (typeof ResizeObserver === 'function') {
    // The row's own width, and each control's: a button shown after the last fit (the quality
    // menu once an HLS stream's levels are known) or a time that grows ("0:00 / 1:02:03") makes
    // the bar overflow without the row changing size. A fit's own moves settle within the
    // frame, so they do not call it again.
    const observer = new ResizeObserver(() => fit());
    const observeControls = (): void => {
      observer.observe(row);
      for (const control of row.children) observer.observe(control);
    };
    observeControls();
    const added = new MutationObserver(observeControls);
    added.observe(row, { childList: true });
    ctx.onDestroy(() => {
      observer.disconnect();
      added.disconnect();
    });
  }
  return {
    items: () =>
      moved
        .filter((button) => !button.hidden)
        .map((button) => ({
          label: button.getAttribute('aria-label') ?? '',
          checked:
            button.getAttribute('aria-pressed') === null
              ? undefined
              : button.getAttribute('aria-pressed') === 'true',
          onSelect: () => button.click(),
        })),
    get hasItems() {
      return moved.some((button) => !button.hidden);
    },
    fit: fitBeforeNextFrame,
  };
}
