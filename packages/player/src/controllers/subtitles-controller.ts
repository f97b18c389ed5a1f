// Subtitles (docs/player/behaviour.md): the video's WebVTT tracks, fetched and drawn by the player
// itself, the track menu with its Font Size submenu, and the offset above the control bar.
import { el, fetchWithTimeout } from '../dom.ts';
import { logError } from '../log.ts';
import type { MenuItem } from '../menu.ts';
import type { SubtitleTrack } from '../player-types.ts';
import { activeCues, parseVtt } from '../vtt.ts';
import type { VttCue } from '../vtt.ts';
import type { PlayerContext } from './context.ts';

export const SUBTITLE_SIZES = [50, 75, 100, 150, 200];
const SUBTITLE_OFFSET_SHOWN = 46;
const SUBTITLE_OFFSET_HIDDEN = 12;
const SUBTITLE_BASE_PX = 20;

export class SubtitlesController {
  /** The element the cues are drawn in. */
  readonly element = el('div', 'cr-subtitles', { 'aria-live': 'off' });
  readonly #ctx: PlayerContext;
  #tracks: SubtitleTrack[] = [];
  #index = -1;
  #cues: VttCue[] = [];
  #size = 100;

  constructor(ctx: PlayerContext) {
    this.#ctx = ctx;
    this.#setControlsShown(true);
    ctx.on('controlsToggle', (isShown) => this.#setControlsShown(isShown));
    ctx.listen(ctx.video, 'timeupdate', () => this.render());
    ctx.listen(ctx.video, 'seeked', () => this.render());
  }

  get tracks(): readonly SubtitleTrack[] {
    return this.#tracks;
  }

  /** The selected track's index; -1 when off. */
  get selected(): number {
    return this.#index;
  }

  /** Font size in percent (50 to 200). */
  get size(): number {
    return this.#size;
  }

  /** Replaces the tracks and turns on the default one (else the first) when asked to. */
  setTracks(tracks: SubtitleTrack[], turnOn: boolean): void {
    this.#tracks = tracks;
    const preferred = tracks.findIndex((t) => t.default);
    void this.select(tracks.length > 0 && turnOn ? Math.max(0, preferred) : -1);
  }

  /** Selects track `index` (-1 for off) and fetches its cues. */
  async select(index: number): Promise<void> {
    this.#index = index;
    this.#cues = [];
    this.#ctx.trigger('subtitlesChange');
    this.render();
    const track = this.#tracks[index];
    if (!track) return;
    try {
      const response = await fetchWithTimeout(track.url, this.#ctx.options.vastOptions.vastTimeout);
      const cues = parseVtt(await response.text());
      if (this.#index === index) {
        this.#cues = cues;
        this.render();
      }
    } catch (error) {
      logError(`Could not load subtitles "${track.label}": ${String(error)}`);
    }
  }

  /** Draws the cues active at the video's current time. */
  render(): void {
    const time = this.#ctx.video.currentTime;
    const cues = this.#index >= 0 ? activeCues(this.#cues, time) : [];
    const text = cues.map((cue) => cue.text.replace(/<[^>]*>/g, '')).join('\n');
    if (this.element.dataset.text === text) return;
    this.element.dataset.text = text;
    this.element.replaceChildren(
      ...text
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const span = el('span', 'cr-subtitle-line');
          span.textContent = line;
          return span;
        }),
    );
  }

  setSize(size: number): void {
    this.#size = size;
    this.element.style.fontSize = `${(SUBTITLE_BASE_PX * size) / 100}px`;
    this.element.dataset.size = String(size);
  }

  /** Keeps the cues above the control bar while it shows. */
  #setControlsShown(isShown: boolean): void {
    this.element.style.bottom = `${isShown ? SUBTITLE_OFFSET_SHOWN : SUBTITLE_OFFSET_HIDDEN}px`;
  }

  /** The subtitle menu: off, each track, and the Font Size submenu. */
  menuItems(): MenuItem[] {
    return [
      { label: 'Off', checked: this.#index < 0, onSelect: () => void this.select(-1) },
      ...this.#tracks.map((track, index) => ({
        label: track.label,
        checked: this.#index === index,
        onSelect: () => void this.select(index),
      })),
      {
        label: `Font Size: ${this.#size}%`,
        submenuTitle: 'Font Size',
        submenu: () =>
          SUBTITLE_SIZES.map((size) => ({
            label: `${size}%`,
            checked: this.#size === size,
            onSelect: () => this.setSize(size),
          })),
      },
    ];
  }
}
