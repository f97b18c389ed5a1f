// The thumbnail and the time over the progress bar under the pointer (layoutControls.
// timelinePreview: a WebVTT file of sprite cues, or a static list of frames).
import type { PlayerContext } from '../controllers/context.ts';
import { el, fetchWithTimeout, formatTime, setText } from '../dom.ts';
import { logError } from '../log.ts';
import { findCue, parsePreviewVtt } from '../vtt.ts';
import type { PreviewCue } from '../vtt.ts';

export function createTimelinePreview(ctx: PlayerContext): {
  thumbnail: HTMLElement;
  time: HTMLElement;
  /** Shows the preview of `time` at `clientX` over a bar placed at `rect`. */
  show(clientX: number, time: number, rect: DOMRect): void;
  hide(): void;
} {
  const thumbnail = el('div', 'cr-preview fluid_timeline_preview', { 'aria-hidden': 'true' });
  const timeLabel = el('div', 'cr-preview-time', { 'aria-hidden': 'true' });
  thumbnail.hidden = true;
  timeLabel.hidden = true;
  let cues: PreviewCue[] = [];

  const load = async (): Promise<void> => {
    const tp = ctx.options.layoutControls.timelinePreview;
    if (!tp) return;
    if (tp.type === 'static') {
      cues = (tp.frames ?? [])
        .map((f) => ({ x: 0, y: 0, w: 122.5, h: 69, ...f }))
        .sort((a, b) => a.startTime - b.startTime);
      return;
    }
    try {
      const url = new URL(tp.file ?? '', document.baseURI).href;
      const response = await fetchWithTimeout(url, ctx.options.vastOptions.vastTimeout);
      const base = tp.spriteRelativePath === false ? document.baseURI : url;
      cues = parsePreviewVtt(await response.text(), base, tp.spriteImage);
    } catch (error) {
      logError(`Could not load the timeline preview: ${String(error)}`);
    }
  };
  if (ctx.options.layoutControls.timelinePreview) void load();

  return {
    thumbnail,
    time: timeLabel,
    show(clientX, time, rect) {
      const x = clientX - rect.left;
      setText(timeLabel, formatTime(time));
      timeLabel.hidden = false;
      timeLabel.style.left = `${Math.max(0, Math.min(rect.width, x))}px`;
      const cue = findCue(cues, time);
      if (!cue) {
        thumbnail.hidden = true;
        return;
      }
      const p = thumbnail;
      p.hidden = false;
      p.style.width = `${cue.w}px`;
      p.style.height = `${cue.h}px`;
      p.style.backgroundImage = `url("${cue.image.replace(/"/g, '%22')}")`;
      p.style.backgroundPosition = `-${cue.x}px -${cue.y}px`;
      p.style.left = `${Math.max(0, Math.min(rect.width - cue.w, x - cue.w / 2))}px`;
    },
    hide() {
      thumbnail.hidden = true;
      timeLabel.hidden = true;
    },
  };
}
