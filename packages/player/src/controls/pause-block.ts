// The block shown while paused after the first play (htmlOnPauseBlock).
import type { PlayerContext } from '../controllers/context.ts';
import { el } from '../dom.ts';
import { hasStarted } from './shared.ts';

export interface PauseBlockContent {
  html: string | null;
  width: number | null;
  height: number | null;
}

export function createPauseBlock(ctx: PlayerContext): {
  element: HTMLElement;
  set(block: PauseBlockContent): void;
} {
  const { video: v } = ctx;
  const element = el('div', 'cr-pause-block fluid_html_on_pause_container');
  element.hidden = true;
  let isStarted = hasStarted(v);
  const update = (): void => {
    element.hidden = !(element.dataset.hasContent === 'true' && isStarted && v.paused && !v.ended);
  };
  ctx.listen(v, 'play', () => {
    isStarted = true;
    update();
  });
  ctx.listen(v, 'pause', update);
  return {
    element,
    set(block) {
      element.innerHTML = block.html ?? '';
      element.style.width = block.width ? `${block.width}px` : '';
      element.style.height = block.height ? `${block.height}px` : '';
      element.dataset.hasContent = block.html ? 'true' : 'false';
      update();
    },
  };
}
