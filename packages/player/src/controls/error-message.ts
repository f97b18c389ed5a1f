// The message shown when playback failed after its retries (docs/player/behaviour.md,
// "Recovery"): what happened and what to do, with a Retry button that loads the source again
// where it was.
import type { PlayerContext } from '../controllers/context.ts';
import { el } from '../dom.ts';
import type { ControlsHost } from './host.ts';

export function createErrorMessage(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'retry'>,
): HTMLElement {
  const element = el('div', 'cr-error', { role: 'alert' });
  element.hidden = true;
  const text = el('p', 'cr-error-text');
  const retry = el('button', 'cr-error-retry', { type: 'button', 'aria-label': 'Retry' });
  retry.textContent = 'Retry';
  element.append(text, retry);
  ctx.listen(retry, 'click', (event) => {
    event.stopPropagation();
    playback.retry();
  });
  ctx.on('playbackError', (message) => {
    text.textContent = message ?? '';
    element.hidden = message === null;
    ctx.root.classList.toggle('cr-failed', message !== null);
  });
  return element;
}
