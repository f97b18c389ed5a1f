import { afterEach, describe, expect, test, vi } from 'vitest';
import { isValidPlaybackRates, parseRate, resolveOptions } from './options.ts';

afterEach(() => vi.restoreAllMocks());

function spyConsole() {
  return {
    error: vi.spyOn(console, 'error').mockImplementation(() => {}),
    warn: vi.spyOn(console, 'warn').mockImplementation(() => {}),
  };
}

describe('resolveOptions', () => {
  test('fills every default of the README', () => {
    const o = resolveOptions({});
    expect(o.layoutControls.controlBar.autoHideTimeout).toBe(3);
    expect(o.layoutControls.controlBar.playbackRates).toEqual(['x2', 'x1.5', 'x1', 'x0.5']);
    expect(o.layoutControls.theatreSettings).toEqual({
      width: '100%',
      height: '60%',
      marginTop: 0,
      horizontalAlign: 'center',
    });
    expect(o.layoutControls.miniPlayer).toMatchObject({
      width: 400,
      height: 225,
      widthMobile: 50,
      position: 'bottom right',
      autoToggle: false,
    });
    expect(o.layoutControls.persistentSettings).toEqual({
      volume: true,
      quality: true,
      speed: true,
      theatre: true,
      pictureInPicture: true,
      audio: true,
    });
    expect(o.vastOptions).toMatchObject({
      adList: [],
      vastTimeout: 5000,
      maxAllowedVastTagRedirects: 3,
      allowVPAID: false,
      skipButtonCaption: 'Skip ad in [seconds]',
      adCTAText: 'Visit now!',
    });
    expect(o.captions).toEqual({
      play: 'Play',
      pause: 'Pause',
      mute: 'Mute',
      unmute: 'Unmute',
      fullscreen: 'Fullscreen',
      subtitles: 'Subtitles',
      exitFullscreen: 'Exit Fullscreen',
    });
  });

  test('keeps given values and merges nested groups', () => {
    const o = resolveOptions({
      layoutControls: {
        title: 'T',
        controlBar: { autoHideTimeout: 5 },
        logo: { imageUrl: 'l.png' },
      },
      captions: { play: 'Lecture' },
    });
    expect(o.layoutControls.title).toBe('T');
    expect(o.layoutControls.controlBar.autoHideTimeout).toBe(5);
    expect(o.layoutControls.controlBar.animated).toBe(true);
    expect(o.layoutControls.logo).toMatchObject({
      imageUrl: 'l.png',
      position: 'top left',
      opacity: 1,
    });
    expect(o.captions.play).toBe('Lecture');
    expect(o.captions.pause).toBe('Pause');
  });

  test('an invalid posterImageSize logs an error and drops the poster', () => {
    const c = spyConsole();
    const o = resolveOptions({
      layoutControls: { posterImage: 'p.jpg', posterImageSize: 'stretch' },
    });
    expect(o.layoutControls.posterImage).toBeNull();
    expect(c.error).toHaveBeenCalledOnce();
    for (const size of ['auto', 'contain', 'cover']) {
      const ok = resolveOptions({
        layoutControls: { posterImage: 'p.jpg', posterImageSize: size },
      });
      expect(ok.layoutControls.posterImage).toBe('p.jpg');
    }
  });

  test('invalid playbackRates fall back to x2, x1.5, x1, x0.5', () => {
    spyConsole();
    for (const rates of [['fast'], [], 'x2', [2, 1], ['x0']]) {
      const o = resolveOptions({
        layoutControls: { controlBar: { playbackRates: rates as string[] } },
      });
      expect(o.layoutControls.controlBar.playbackRates).toEqual(['x2', 'x1.5', 'x1', 'x0.5']);
    }
    const o = resolveOptions({ layoutControls: { controlBar: { playbackRates: ['x3', '0.25'] } } });
    expect(o.layoutControls.controlBar.playbackRates).toEqual(['x3', '0.25']);
    expect(parseRate('x1.5')).toBe(1.5);
    expect(isValidPlaybackRates(['1', 'x2'])).toBe(true);
  });

  test('the timeline preview type must be VTT or static', () => {
    const c = spyConsole();
    const bad = resolveOptions({
      layoutControls: { timelinePreview: { type: 'sprite' as 'VTT' } },
    });
    expect(bad.layoutControls.timelinePreview).toBeNull();
    expect(c.error.mock.calls[0]?.[0]).toContain(
      'Invalid thumbnail-preview - type must be VTT or static',
    );
    const noFrames = resolveOptions({ layoutControls: { timelinePreview: { type: 'static' } } });
    expect(noFrames.layoutControls.timelinePreview).toBeNull();
    const vtt = resolveOptions({
      layoutControls: { timelinePreview: { type: 'VTT', file: 't.vtt' } },
    });
    expect(vtt.layoutControls.timelinePreview).toEqual({ type: 'VTT', file: 't.vtt' });
  });

  test('mini player sizes are held to their minimums', () => {
    const o = resolveOptions({
      layoutControls: {
        miniPlayer: { width: 200, height: 100, widthMobile: 10, position: 'middle' as 'top left' },
      },
    });
    expect(o.layoutControls.miniPlayer).toMatchObject({
      width: 400,
      height: 225,
      widthMobile: 40,
      position: 'bottom right',
    });
    const big = resolveOptions({ layoutControls: { miniPlayer: { width: 640, height: 360 } } });
    expect(big.layoutControls.miniPlayer).toMatchObject({ width: 640, height: 360 });
  });

  test('a logo needs an imageUrl; htmlOnPauseBlock needs html', () => {
    const c = spyConsole();
    const o = resolveOptions({
      layoutControls: { logo: { clickUrl: 'https://x' }, htmlOnPauseBlock: { width: 10 } },
    });
    expect(o.layoutControls.logo.imageUrl).toBeNull();
    expect(o.layoutControls.htmlOnPauseBlock.html).toBeNull();
    expect(c.error).toHaveBeenCalledWith(expect.stringContaining('logo needs an imageUrl'));
  });

  test('hlsjsConfig is ignored with its warning', () => {
    const c = spyConsole();
    resolveOptions({ hlsjsConfig: { maxBufferLength: 3 } });
    expect(c.warn.mock.calls[0]?.[0]).toContain(
      'The option hlsjsConfig is removed and has no effect.',
    );
  });

  test('an invalid theatre width logs an error and uses 100%', () => {
    const c = spyConsole();
    const o = resolveOptions({ layoutControls: { theatreSettings: { width: 'wide' } } });
    expect(o.layoutControls.theatreSettings.width).toBe('100%');
    expect(c.error).toHaveBeenCalledOnce();
    expect(
      resolveOptions({ layoutControls: { theatreSettings: { width: '80vw' } } }).layoutControls
        .theatreSettings.width,
    ).toBe('80vw');
  });

  test('vastOptions are accepted and validated for the ads module', () => {
    const c = spyConsole();
    const o = resolveOptions({ vastOptions: { adList: 'x' as unknown as [], vastTimeout: -1 } });
    expect(o.vastOptions.adList).toEqual([]);
    expect(o.vastOptions.vastTimeout).toBe(5000);
    expect(c.error).toHaveBeenCalledOnce();
    const list = [{ roll: 'preRoll', vastTag: 'https://ads/vast.xml' }];
    expect(resolveOptions({ vastOptions: { adList: list } }).vastOptions.adList).toEqual(list);
  });

  test('garbage in gives the defaults', () => {
    expect(resolveOptions(null).layoutControls.preload).toBe('auto');
    expect(resolveOptions(undefined).debug).toBe(false);
  });
});
