import { afterEach, describe, expect, test } from 'vitest';
import { KeyboardController } from './keyboard-controller.ts';
import type { KeyboardTarget } from './keyboard-controller.ts';
import { testContext } from './testing.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

function setUp(options = {}) {
  const { ctx, root, video } = testContext(options);
  const calls: string[] = [];
  const slider = document.createElement('div');
  root.append(slider);
  let size = 100;
  const target: KeyboardTarget = {
    togglePlay: () => calls.push('togglePlay'),
    seekBy: (s) => calls.push(`seekBy ${s}`),
    skipTo: (s) => calls.push(`skipTo ${s}`),
    setVolume: (v) => calls.push(`setVolume ${v.toFixed(2)}`),
    toggleMute: () => calls.push('toggleMute'),
    toggleFullScreen: () => calls.push('toggleFullScreen'),
    toggleMiniPlayer: () => calls.push('toggleMiniPlayer'),
    togglePictureInPicture: () => calls.push('togglePictureInPicture'),
    get subtitleSize() {
      return size;
    },
    setSubtitleSize: (s) => {
      size = s;
      calls.push(`size ${s}`);
    },
    ownsKeys: () => false,
    volumeSlider: slider,
  };
  new KeyboardController(ctx, target);
  const press = (key: string, on: HTMLElement = root): void => {
    on.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  };
  return { calls, press, slider, video, ctx };
}

describe('KeyboardController', () => {
  test('keys of docs/player/behaviour.md reach the target', () => {
    const { calls, press, video } = setUp();
    video.volume = 0.5;
    for (const key of [' ', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'm', 'f', 'i', 'p', '+', '-'])
      press(key);
    expect(calls).toEqual([
      'togglePlay',
      'seekBy -10',
      'seekBy 10',
      'setVolume 0.55',
      'toggleMute',
      'toggleFullScreen',
      'toggleMiniPlayer',
      'togglePictureInPicture',
      'size 150',
      'size 100',
    ]);
  });

  test('left and right on the volume slider change the volume; Space on a button is the button’s', () => {
    const { calls, press, slider, video } = setUp();
    video.volume = 0.5;
    press('ArrowLeft', slider);
    const button = document.createElement('button');
    slider.parentElement!.append(button);
    press(' ', button);
    expect(calls).toEqual(['setVolume 0.45']);
  });

  test('keyboardControl: false leaves every key to the page', () => {
    const { calls, press } = setUp({ layoutControls: { keyboardControl: false } });
    press(' ');
    press('f');
    expect(calls).toEqual([]);
  });
});
