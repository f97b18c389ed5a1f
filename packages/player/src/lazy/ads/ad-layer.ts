// The overlay a linear ad plays in: its own video element (the content keeps its source and
// position underneath), skip button, ad text, call-to-action, clickthrough layer and a small
// control bar.
import type { Corner } from '../../options.ts';

function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  attrs: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

export const cornerClass = (corner: Corner): string => `cr-${corner.replace(' ', '-')}`;

/** DOM of the linear-ad overlay, built once per player and reused by every ad. */
export class AdLayer {
  readonly root = make('div', 'cr-ad-layer', { role: 'region', 'aria-label': 'Advertisement' });
  readonly video = make('video', 'cr-ad-video', { playsinline: '' });
  readonly click = make('button', 'cr-ad-click', {
    type: 'button',
    'aria-label': "Open the advertiser's page",
  });
  readonly text = make('div', 'cr-ad-corner cr-ad-text');
  readonly cta = make('button', 'cr-ad-corner cr-ad-cta', { type: 'button' });
  readonly skip = make('button', 'cr-ad-skip', { type: 'button' });
  readonly playButton = make('button', 'cr-ad-play', { type: 'button', 'aria-label': 'Pause' });
  readonly muteButton = make('button', 'cr-ad-mute', { type: 'button', 'aria-label': 'Mute' });
  readonly label = make('span', 'cr-ad-label', { 'aria-live': 'off' });
  readonly progress = make('div', 'cr-ad-progress', { 'aria-hidden': 'true' });
  readonly progressFill = make('div', '');

  constructor(container: HTMLElement, progressColor: string) {
    this.root.hidden = true;
    this.video.playsInline = true;
    this.progressFill.style.background = progressColor;
    this.progress.append(this.progressFill);
    const bar = make('div', 'cr-ad-bar');
    bar.append(this.progress, this.playButton, this.muteButton, this.label);
    this.root.append(this.video, this.click, this.text, this.cta, this.skip, bar);
    container.append(this.root);
    this.reset();
  }

  /** Hides every optional part; each ad shows what it needs. */
  reset(): void {
    this.video.removeAttribute('src');
    this.video.load();
    this.video.hidden = false;
    for (const node of [this.click, this.text, this.cta, this.skip]) node.hidden = true;
    this.root.querySelector('.cr-ad-vpaid')?.remove();
    this.progressFill.style.width = '0';
    this.label.textContent = '';
    this.playButton.textContent = '❚❚';
    this.muteButton.textContent = '🔊';
  }

  setCorner(node: HTMLElement, corner: Corner): void {
    node.classList.remove('cr-top-left', 'cr-top-right', 'cr-bottom-left', 'cr-bottom-right');
    node.classList.add(cornerClass(corner));
  }

  destroy(): void {
    this.reset();
    this.root.remove();
  }
}
