// The logo (layoutControls.logo), a link when it has a clickUrl; null without an image.
import type { PlayerContext } from '../controllers/context.ts';
import { el } from '../dom.ts';

export function createLogo(ctx: PlayerContext): HTMLElement | null {
  const logo = ctx.options.layoutControls.logo;
  if (!logo.imageUrl) return null;
  const img = el('img', 'cr-logo-img', { src: logo.imageUrl, alt: logo.clickUrl ? 'Logo' : '' });
  const wrap: HTMLElement = logo.clickUrl
    ? el('a', 'cr-logo logo_holder', {
        href: logo.clickUrl,
        target: '_blank',
        rel: 'noopener',
        'aria-label': 'Logo',
      })
    : el('div', 'cr-logo logo_holder');
  wrap.append(img);
  wrap.classList.add(`cr-pos-${logo.position.replace(' ', '-')}`);
  wrap.style.opacity = String(logo.opacity);
  wrap.style.margin = logo.imageMargin;
  if (logo.hideWithControls) wrap.classList.add('cr-hide-with-controls');
  if (logo.mouseOverImageUrl) {
    const over = logo.mouseOverImageUrl;
    const normal = logo.imageUrl;
    ctx.listen(wrap, 'mouseenter', () => (img.src = over));
    ctx.listen(wrap, 'mouseleave', () => (img.src = normal));
  }
  return wrap;
}
