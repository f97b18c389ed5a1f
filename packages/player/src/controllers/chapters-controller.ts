// Chapters on the progress bar: a gap where each chapter starts and the chapter's title above
// the bar while the pointer is over it. The page hands the chapters in (setChapters); the
// controller draws them once the duration is known (layoutControls.knownDuration before the
// media's metadata) and again when it changes.
import { el } from '../dom.ts';
import type { PlayerChapter } from '../player-types.ts';
import { displayDuration, type PlayerContext } from './context.ts';

export class ChaptersController {
  readonly #ctx: PlayerContext;
  #chapters: PlayerChapter[] = [];
  readonly #markers: HTMLElement[] = [];
  readonly #label = el('div', 'cr-chapter-title', { 'aria-hidden': 'true' });
  readonly #wired = new WeakSet<HTMLElement>();

  constructor(ctx: PlayerContext) {
    this.#ctx = ctx;
    this.#label.hidden = true;
    ctx.listen(ctx.video, 'loadedmetadata', () => this.#draw());
    ctx.listen(ctx.video, 'durationchange', () => this.#draw());
    ctx.onDestroy(() => this.#clear());
  }

  /** The chapters, sorted by start time. */
  get chapters(): readonly PlayerChapter[] {
    return this.#chapters;
  }

  /** Replaces the chapters (an empty list removes them); invalid entries are left out. */
  setChapters(chapters: readonly PlayerChapter[]): void {
    this.#chapters = (Array.isArray(chapters) ? chapters : [])
      .filter(
        (chapter) =>
          chapter &&
          Number.isFinite(chapter.startTime) &&
          chapter.startTime >= 0 &&
          typeof chapter.title === 'string',
      )
      .map(({ startTime, title }) => ({ startTime, title }))
      .sort((a, b) => a.startTime - b.startTime);
    this.#draw();
  }

  /** The title of the chapter playing at `seconds`, or null without chapters. */
  titleAt(seconds: number): string | null {
    let title: string | null = null;
    for (const chapter of this.#chapters) {
      if (chapter.startTime > seconds) break;
      title = chapter.title;
    }
    return title;
  }

  #clear(): void {
    for (const marker of this.#markers.splice(0)) marker.remove();
    this.#label.remove();
  }

  #draw(): void {
    this.#clear();
    const progress = this.#ctx.root.querySelector<HTMLElement>('.cr-progress');
    const track = progress?.querySelector<HTMLElement>('.cr-progress-track');
    const duration = displayDuration(this.#ctx);
    if (!progress || !track || this.#chapters.length === 0) return;
    progress.append(this.#label);
    if (!this.#wired.has(progress)) this.#wire(progress);
    if (!Number.isFinite(duration) || duration <= 0) return;
    for (const chapter of this.#chapters) {
      if (chapter.startTime <= 0 || chapter.startTime >= duration) continue;
      const marker = el('div', 'cr-chapter-marker');
      marker.style.left = `${(chapter.startTime / duration) * 100}%`;
      track.append(marker);
      this.#markers.push(marker);
    }
  }

  #wire(progress: HTMLElement): void {
    this.#wired.add(progress);
    this.#ctx.listen<PointerEvent>(progress, 'pointermove', (event) => {
      const rect = progress.getBoundingClientRect();
      const duration = displayDuration(this.#ctx);
      const ratio =
        rect.width > 0 ? Math.max(0, Math.min(1, (event.clientX - rect.left) / rect.width)) : 0;
      const title = Number.isFinite(duration) ? this.titleAt(ratio * duration) : null;
      this.#label.hidden = !title;
      if (!title) return;
      this.#label.textContent = title;
      this.#label.style.left = `${ratio * 100}%`;
      // Above the timeline preview when it shows, else just above the time.
      const preview = progress.querySelector<HTMLElement>('.cr-preview');
      const previewHeight = preview && !preview.hidden ? preview.offsetHeight + 4 : 0;
      this.#label.style.bottom = `${34 + previewHeight}px`;
    });
    this.#ctx.listen(progress, 'pointerleave', () => (this.#label.hidden = true));
  }
}
