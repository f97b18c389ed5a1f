// Suggested videos (docs/player/behaviour.md): the configuration is fetched at start; when the
// video ends a grid of up to 12 tiles shows, and a tile plays its video in this player.
import { el, fetchWithTimeout } from '../dom.ts';
import { logWarn } from '../log.ts';
import { SUGGESTED_TIMEOUT_MS, SUGGESTED_TILES, parseSuggestedVideos } from '../suggested.ts';
import type { SuggestedVideo } from '../suggested.ts';
import type { PlayerContext } from './context.ts';

export class SuggestedController {
  readonly element = el('div', 'cr-suggested', { role: 'group', 'aria-label': 'Suggested videos' });
  readonly #ctx: PlayerContext;
  #items: SuggestedVideo[] = [];
  /** Plays a chosen tile's video. */
  onPlay: (item: SuggestedVideo) => void = () => {};

  constructor(ctx: PlayerContext) {
    this.#ctx = ctx;
    this.element.hidden = true;
    ctx.listen(ctx.video, 'play', () => this.hide());
    ctx.listen(ctx.video, 'ended', () => this.show());
    const url = ctx.options.suggestedVideos.configUrl;
    if (url) void this.load(url);
  }

  get items(): readonly SuggestedVideo[] {
    return this.#items;
  }

  /** Fetches a configuration; a bad one warns and keeps what was there. */
  async load(configUrl: string): Promise<void> {
    const warn = (): void => logWarn('given suggested videos config url is invalid or not found');
    let url: string;
    try {
      url = new URL(configUrl, document.baseURI).href;
    } catch {
      warn();
      return;
    }
    try {
      const response = await fetchWithTimeout(url, SUGGESTED_TIMEOUT_MS);
      const list = parseSuggestedVideos(await response.json(), url);
      if (list.length === 0) throw new Error('empty');
      this.#items = list;
    } catch {
      warn();
    }
  }

  show(): void {
    if (this.#items.length === 0 || this.#ctx.isDestroyed) return;
    const tiles = this.#items.slice(0, SUGGESTED_TILES).map((item) => {
      const tile = el('button', 'cr-tile', { type: 'button', 'aria-label': `Play ${item.title}` });
      const img = el('img', 'cr-tile-img', { src: item.thumbnailUrl, alt: '' });
      img.loading = 'lazy';
      const title = el('span', 'cr-tile-title');
      title.textContent = item.title;
      tile.append(img, title);
      tile.addEventListener('click', () => {
        this.hide();
        if (item.configUrl) void this.load(item.configUrl);
        this.onPlay(item);
      });
      return tile;
    });
    this.element.replaceChildren(...tiles);
    this.element.hidden = false;
    this.#ctx.trigger('suggestedToggle', true);
  }

  hide(): void {
    if (this.element.hidden) return;
    this.element.hidden = true;
    this.#ctx.trigger('suggestedToggle', false);
  }
}
