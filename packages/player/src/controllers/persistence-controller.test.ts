import { afterEach, describe, expect, test } from 'vitest';
import { DisplayModesController } from './display-modes-controller.ts';
import { PersistenceController } from './persistence-controller.ts';
import { testContext } from './testing.ts';
import { STORAGE_KEY } from '../storage.ts';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('PersistenceController', () => {
  test('applies the saved volume, speed and theatre; the mute option wins', () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ volume: 0.3, mute: false, speed: 1.5, theatre: true, quality: '720p' }),
    );
    const { ctx, video } = testContext({ layoutControls: { mute: true } });
    const persistence = new PersistenceController(ctx);
    const applied: string[] = [];
    persistence.apply({
      setPlaybackSpeed: (rate) => applied.push(`speed ${rate}`),
      toggleTheatre: (on) => applied.push(`theatre ${on}`),
    });
    expect(video.volume).toBeCloseTo(0.3);
    expect(video.muted).toBe(true);
    expect(applied).toEqual(['speed 1.5', 'theatre true']);
    expect(persistence.quality).toBe('720p');
  });

  test('theatre is saved when entered and left, and nothing when quality is not kept', () => {
    const { ctx } = testContext({ layoutControls: { persistentSettings: { quality: false } } });
    const modes = new DisplayModesController(ctx);
    const persistence = new PersistenceController(ctx);
    modes.toggleTheatre(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).theatre).toBe(true);
    modes.toggleTheatre(false);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).theatre).toBe(false);
    persistence.saveQuality('360p');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).quality).toBeUndefined();
  });
});
