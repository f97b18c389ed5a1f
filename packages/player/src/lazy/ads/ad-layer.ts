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

const svg = (path: string): string =>
  `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="currentColor" d="${path}"/></svg>`;
/** Icons of the ad bar (the core's icon set stays out of this chunk). */
export const adIcons = {
  play: svg('M8 5v14l11-7z'),
  pause: svg('M6 5h4v14H6zm8 0h4v14h-4z'),
  volume: svg('M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z'),
  muted: svg(
    'M3 9v6h4l5 5V4L7 9zm18.1 0-1.4-1.4L17 10.3l-2.7-2.7L12.9 9l2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4-2.7-2.7z',
  ),
};

export const cornerClass = (corner: Corner): string => `cr-${corner.replace(' ', '-')}`;

/** DOM of the linear-ad overlay, built once per player and reused by every ad. */
export class AdLayer {
  readonly root: HTMLDivElement;
  readonly video: HTMLVideoElement;
  readonly click = make('button', 'cr-ad-click vast_clickthrough_layer', {
    type: 'button',
    'aria-label': "Open the advertiser's page",
  });
  readonly text = make('div', 'cr-ad-corner cr-ad-text fluid_ad_playing');
  readonly cta = make('button', 'cr-ad-corner cr-ad-cta fluid_ad_cta', { type: 'button' });
  readonly skip = make('button', 'cr-ad-skip skip_button', { type: 'button' });
  readonly playButton = make('button', 'cr-ad-play', { type: 'button', 'aria-label': 'Pause' });
  readonly muteButton = make('button', 'cr-ad-mute', { type: 'button', 'aria-label': 'Mute' });
  readonly label = make('span', 'cr-ad-label ad_countdown', { 'aria-live': 'off' });
  readonly progress = make('div', 'cr-ad-progress', { 'aria-hidden': 'true' });
  readonly progressFill = make('div', '');

  /**
   * `early` is the layer the core made for the first pre-roll (its file may be loading, or the
   * ad already playing): it is adopted as it is, with its video's source.
   */
  constructor(
    container: HTMLElement,
    progressColor: string,
    early?: { root: HTMLDivElement; video: HTMLVideoElement } | null,
  ) {
    this.root = early?.root ?? make('div', '');
    this.video = early?.video ?? make('video', '');
    this.root.className = 'cr-ad-layer';
    this.root.setAttribute('role', 'region');
    this.root.setAttribute('aria-label', 'Advertisement');
    this.root.style.cssText = '';
    this.video.className = 'cr-ad-video';
    this.video.style.cssText = '';
    if (!early) this.root.hidden = true;
    this.video.playsInline = true;
    // Ads are not cast and do not go into picture-in-picture (docs/player/features.md).
    this.video.disableRemotePlayback = true;
    this.video.disablePictureInPicture = true;
    this.progressFill.style.background = progressColor;
    this.progress.append(this.progressFill);
    const bar = make('div', 'cr-ad-bar');
    bar.append(this.progress, this.playButton, this.muteButton, this.label);
    this.root.append(this.video, this.click, this.text, this.cta, this.skip, bar);
    container.append(this.root);
    this.reset(this.video.getAttribute('src') ? this.video.src : null, !!early);
  }

  /**
   * Hides every optional part; each ad shows what it needs. The video keeps its source when it
   * is `keepSrc` (the first pre-roll's file, loaded while the player waited for the play).
   */
  reset(keepSrc: string | null = null, isAdopted = false): void {
    if (!keepSrc || this.video.src !== keepSrc) {
      this.video.removeAttribute('src');
      if (!isAdopted) this.video.load();
    }
    this.video.hidden = false;
    for (const node of [this.click, this.text, this.cta, this.skip]) node.hidden = true;
    this.root.querySelector('.cr-ad-vpaid')?.remove();
    this.progressFill.style.width = '0';
    this.label.textContent = '';
    this.setPlaying(true);
    this.setMuted(false);
  }

  /** Shows the pause icon while playing, the play icon while paused. */
  setPlaying(isPlaying: boolean): void {
    this.playButton.innerHTML = isPlaying ? adIcons.pause : adIcons.play;
    this.playButton.setAttribute('aria-label', isPlaying ? 'Pause' : 'Play');
  }

  setMuted(isMuted: boolean): void {
    this.muteButton.innerHTML = isMuted ? adIcons.muted : adIcons.volume;
    this.muteButton.setAttribute('aria-label', isMuted ? 'Unmute' : 'Mute');
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
