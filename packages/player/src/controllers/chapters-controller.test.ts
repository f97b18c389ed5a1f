import { afterEach, describe, expect, test } from 'vitest';
import { el } from '../dom.ts';
import { ChaptersController } from './chapters-controller.ts';
import { testContext } from './testing.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A context with the progress bar the controls draw, and a video of `duration` seconds. */
function withProgress(duration: number) {
  const test = testContext();
  const progress = el('div', 'cr-progress');
  const track = el('div', 'cr-progress-track');
  progress.append(track);
  test.root.append(progress);
  Object.defineProperty(test.video, 'duration', { configurable: true, value: duration });
  return { ...test, progress, track };
}

describe('ChaptersController', () => {
  test('marks where each chapter after the first starts, as a share of the duration', () => {
    const { ctx, track } = withProgress(200);
    const chapters = new ChaptersController(ctx);
    chapters.setChapters([
      { startTime: 50, title: 'Middle' },
      { startTime: 0, title: 'Intro' },
      { startTime: 150, title: 'End' },
      { startTime: 900, title: 'Past the end' },
    ]);
    const markers = [...track.querySelectorAll<HTMLElement>('.cr-chapter-marker')];
    expect(markers.map((marker) => marker.style.left)).toEqual(['25%', '75%']);
    expect(chapters.chapters.map((chapter) => chapter.title)).toEqual([
      'Intro',
      'Middle',
      'End',
      'Past the end',
    ]);
    expect(chapters.titleAt(0)).toBe('Intro');
    expect(chapters.titleAt(49.9)).toBe('Intro');
    expect(chapters.titleAt(50)).toBe('Middle');
    expect(chapters.titleAt(199)).toBe('End');
  });

  test('waits for the duration, redraws when it changes, and an empty list removes them', () => {
    const { ctx, video, track } = withProgress(NaN);
    const chapters = new ChaptersController(ctx);
    chapters.setChapters([
      { startTime: 0, title: 'A' },
      { startTime: 30, title: 'B' },
    ]);
    expect(track.querySelectorAll('.cr-chapter-marker')).toHaveLength(0);
    Object.defineProperty(video, 'duration', { configurable: true, value: 60 });
    video.dispatchEvent(new Event('durationchange'));
    expect(track.querySelector<HTMLElement>('.cr-chapter-marker')?.style.left).toBe('50%');
    chapters.setChapters([]);
    expect(track.querySelectorAll('.cr-chapter-marker')).toHaveLength(0);
    expect(chapters.titleAt(40)).toBeNull();
  });

  test('leaves out entries that are not chapters and shows the title on hover', () => {
    const { ctx, progress } = withProgress(100);
    const chapters = new ChaptersController(ctx);
    chapters.setChapters([
      { startTime: 0, title: 'Only' },
      { startTime: Number.NaN, title: 'Bad time' },
      { startTime: -3, title: 'Negative' },
      { startTime: 10, title: 4 as unknown as string },
    ]);
    expect(chapters.chapters).toEqual([{ startTime: 0, title: 'Only' }]);
    progress.dispatchEvent(new PointerEvent('pointermove', { clientX: 0 }));
    const label = progress.querySelector<HTMLElement>('.cr-chapter-title')!;
    expect(label.hidden).toBe(false);
    expect(label.textContent).toBe('Only');
    progress.dispatchEvent(new PointerEvent('pointerleave'));
    expect(label.hidden).toBe(true);
  });
});
