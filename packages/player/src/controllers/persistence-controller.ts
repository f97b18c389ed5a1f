// Saved settings (docs/player/behaviour.md): volume and mute, quality, speed and theatre, kept in
// localStorage when persistentSettings allows each, and applied when the player starts.
import { loadSettings, saveSettings } from '../storage.ts';
import type { SavedSettings } from '../storage.ts';
import type { PlayerContext } from './context.ts';

export class PersistenceController {
  readonly #ctx: PlayerContext;
  #saved: SavedSettings | null = null;

  constructor(ctx: PlayerContext) {
    this.#ctx = ctx;
    const v = ctx.video;
    const p = ctx.options.layoutControls.persistentSettings;
    // Changes made from outside the player (page code, the browser's own controls) are kept
    // from the element's events; the player's own are kept at once (saveVolume, saveSpeed).
    ctx.listen(v, 'volumechange', () => this.saveVolume());
    ctx.listen(v, 'ratechange', () => this.saveSpeed());
    ctx.on('modeChange', (from, to) => {
      if (!p.theatre || ctx.isDestroyed) return;
      if (to === 'theatre' || from === 'theatre') saveSettings({ theatre: to === 'theatre' });
    });
  }

  /**
   * The settings as they were when first asked for: when the player's parts are built (the
   * first read of the storage takes milliseconds, kept out of the content's start), or before
   * that for the saved quality of a video with several sources.
   */
  get saved(): SavedSettings {
    return (this.#saved ??= loadSettings());
  }

  /**
   * Keeps the element's volume and mute. Called as the viewer changes them, not only from the
   * element's event: the event is queued, and a page left at once (a reload right after the
   * mute button) could go before it came.
   */
  saveVolume(): void {
    const v = this.#ctx.video;
    if (this.#ctx.options.layoutControls.persistentSettings.volume)
      saveSettings({ volume: v.volume, mute: v.muted });
  }

  /** Keeps the element's speed (as saveVolume). */
  saveSpeed(): void {
    const v = this.#ctx.video;
    if (this.#ctx.options.layoutControls.persistentSettings.speed && v.playbackRate > 0)
      saveSettings({ speed: v.playbackRate });
  }

  /** Applies the saved volume, mute, speed and theatre (the mute option wins). */
  apply(target: { setPlaybackSpeed(rate: number): void; toggleTheatre(on: boolean): void }): void {
    const lc = this.#ctx.options.layoutControls;
    const p = lc.persistentSettings;
    const s = this.saved;
    const v = this.#ctx.video;
    if (p.volume && s.volume !== undefined) v.volume = s.volume;
    if (p.volume && s.mute !== undefined) v.muted = s.mute;
    if (lc.mute) v.muted = true;
    if (p.speed && s.speed !== undefined) target.setPlaybackSpeed(s.speed);
    if (p.theatre && s.theatre && lc.allowTheatre) target.toggleTheatre(true);
  }

  /** The saved quality (a level or source title), when quality is kept. */
  get quality(): string | null {
    return this.#ctx.options.layoutControls.persistentSettings.quality
      ? (this.saved.quality ?? null)
      : null;
  }

  /** The audio language last chosen for videos whose own language is `language`. */
  audioFor(language: string): string | null {
    return this.#ctx.options.layoutControls.persistentSettings.audio
      ? (this.saved.audio?.[language] ?? null)
      : null;
  }

  saveAudio(language: string, chosen: string): void {
    if (!this.#ctx.options.layoutControls.persistentSettings.audio) return;
    const audio = { ...loadSettings().audio, [language]: chosen };
    this.saved.audio = audio;
    saveSettings({ audio });
  }

  saveQuality(title: string): void {
    if (this.#ctx.options.layoutControls.persistentSettings.quality)
      saveSettings({ quality: title });
  }
}
