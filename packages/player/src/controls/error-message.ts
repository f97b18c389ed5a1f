// The message shown when playback failed after its retries (docs/player/behaviour.md,
// "Recovery"): what happened and what to do, with a Retry button that loads the source again
// where it was.
import type { PlayerContext } from '../controllers/context.ts';
import { el } from '../dom.ts';
import type { ControlsHost } from './host.ts';

export function createErrorMessage(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'retry' | 'message'>,
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
  const show = (message: string | null): void => {
    text.textContent = message ?? '';
    element.hidden = message === null;
    ctx.root.classList.toggle('cr-failed', message !== null);
  };
  ctx.on('playbackError', show);
  // Built after a failure already said (a source no browser plays), it shows it.
  if (playback.message !== null) show(playback.message);
  return element;
}
