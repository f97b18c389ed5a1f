// Controls tested alone: a context, a fake part of the host, and the events that drive them.
import { afterEach, describe, expect, test } from 'vitest';
import { testContext } from '../controllers/testing.ts';
import { PopupMenu } from '../menu.ts';
import { createCaptionsButton } from './captions-button.ts';
import { createFullscreenButton } from './fullscreen-button.ts';
import type { ControlsHost } from './host.ts';
import { createQualityMenu } from './quality-menu.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('controls', () => {
  test('the captions button follows subtitlesChange and opens the subtitle menu', () => {
    const { ctx } = testContext();
    const subtitles = {
      tracks: [] as { label: string }[],
      selected: -1,
      menuItems: () => [{ label: 'Off', checked: false }],
    };
    const menu = new PopupMenu('cr-popup');
    document.body.append(menu.element);
    const button = createCaptionsButton(
      ctx,
      subtitles as unknown as ControlsHost['subtitles'],
      menu,
    );
    expect(button.hidden).toBe(true);
    subtitles.tracks = [{ label: 'English' }];
    subtitles.selected = 0;
    ctx.trigger('subtitlesChange');
    expect(button.hidden).toBe(false);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    button.click();
    expect(menu.isOpen).toBe(true);
    expect(menu.element.getAttribute('aria-label')).toBe('Subtitles');
    button.click();
    expect(menu.isOpen).toBe(false);
  });

  const overflow = { items: () => [], hasItems: false };

  test('the quality button shows once sourcesChange brings two sources', () => {
    const { ctx } = testContext();
    const playback = { levels: [], sources: [] as unknown[], audioTracks: [] };
    const button = createQualityMenu(
      ctx,
      playback as unknown as ControlsHost['playback'],
      new PopupMenu('cr-popup'),
      overflow,
    );
    expect(button.hidden).toBe(true);
    playback.sources = [{ title: 'A' }, { title: 'B' }];
    ctx.trigger('sourcesChange');
    expect(button.hidden).toBe(false);
  });

  test('the quality button shows, and lists them, once controls move out of a narrow bar', () => {
    const { ctx } = testContext();
    const playback = { levels: [], sources: [] as unknown[], audioTracks: [] };
    const moved = { items: () => [{ label: 'Theatre mode' }], hasItems: false };
    const menu = new PopupMenu('cr-popup');
    const button = createQualityMenu(
      ctx,
      playback as unknown as ControlsHost['playback'],
      menu,
      moved,
    );
    expect(button.hidden).toBe(true);
    moved.hasItems = true;
    ctx.trigger('overflowChange');
    expect(button.hidden).toBe(false);
    button.click();
    expect([...menu.element.querySelectorAll('.cr-menu-item')].map((i) => i.textContent)).toEqual([
      'Theatre mode',
    ]);
  });

  test('the fullscreen button follows modeChange', () => {
    const { ctx } = testContext();
    const button = createFullscreenButton(ctx, {} as ControlsHost['modes']);
    ctx.trigger('modeChange', 'normal', 'fullscreen');
    expect(button.getAttribute('aria-label')).toBe('Exit Fullscreen');
    expect(button.classList.contains('fluid_button_fullscreen_exit')).toBe(true);
    ctx.trigger('modeChange', 'fullscreen', 'normal');
    expect(button.getAttribute('aria-label')).toBe('Fullscreen');
  });
});
