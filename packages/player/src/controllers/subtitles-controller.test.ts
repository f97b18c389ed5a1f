import { afterEach, describe, expect, test } from 'vitest';
import { SubtitlesController } from './subtitles-controller.ts';
import { testContext } from './testing.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nHello <b>there</b>\n';

describe('SubtitlesController', () => {
  test('turns on the default track, draws its cue and offers the Font Size submenu', async () => {
    const { ctx } = testContext();
    const subtitles = new SubtitlesController(ctx);
    let changes = 0;
    ctx.on('subtitlesChange', () => changes++);
    await subtitles.setTracks(
      [
        {
          label: 'English',
          url: `data:text/vtt,${encodeURIComponent(VTT)}`,
          lang: 'en',
          default: false,
        },
        {
          label: 'French',
          url: `data:text/vtt,${encodeURIComponent(VTT)}`,
          lang: 'fr',
          default: true,
        },
      ],
      true,
    );
    await expect.poll(() => subtitles.element.textContent).toBe('Hello there');
    expect(subtitles.selected).toBe(1);
    expect(changes).toBeGreaterThan(0);
    const items = subtitles.menuItems();
    expect(items.map((i) => i.label)).toEqual(['Off', 'English', 'French', 'Font Size: 100%']);
    expect(items[3]!.submenu!().map((i) => i.label)).toEqual([
      '50%',
      '75%',
      '100%',
      '150%',
      '200%',
    ]);
    items[0]!.onSelect!();
    expect(subtitles.element.textContent).toBe('');
  });

  test('size and offset above the control bar', () => {
    const { ctx } = testContext();
    const subtitles = new SubtitlesController(ctx);
    subtitles.setSize(150);
    expect(subtitles.element.style.fontSize).toBe('30px');
    expect(subtitles.element.style.bottom).toBe('46px');
    ctx.trigger('controlsToggle', false);
    expect(subtitles.element.style.bottom).toBe('12px');
    ctx.trigger('controlsToggle', true);
    expect(subtitles.element.style.bottom).toBe('46px');
  });
});
