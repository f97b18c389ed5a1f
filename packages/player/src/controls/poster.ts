// The poster: the posterImage option (else the video's own poster attribute) until the first play.
import type { PlayerContext } from '../controllers/context.ts';
import { el } from '../dom.ts';
import { hasStarted } from './shared.ts';

export function createPoster(ctx: PlayerContext): HTMLElement {
  const { video, options } = ctx;
  const lc = options.layoutControls;
  const poster = el('div', 'cr-poster fluid_pseudo_poster');
  if (!lc.posterImage && video.getAttribute('poster')) lc.posterImage = video.poster;
  if (lc.posterImage) {
    poster.style.backgroundImage = `url("${lc.posterImage.replace(/"/g, '%22')}")`;
    poster.style.backgroundSize = lc.posterImageSize;
  } else poster.hidden = true;
  // Built after the first play (docs/player/performance.md), it stays hidden.
  if (hasStarted(video)) poster.hidden = true;
  ctx.listen(video, 'play', () => (poster.hidden = true));
  return poster;
}
