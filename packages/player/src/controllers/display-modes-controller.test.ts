import { afterEach, describe, expect, test } from 'vitest';
import { DisplayModesController } from './display-modes-controller.ts';
import { testContext } from './testing.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('DisplayModesController', () => {
  test('theatre and the mini player exclude each other and fire their events', () => {
    const { ctx, root, emitted } = testContext();
    const modes = new DisplayModesController(ctx);
    const changes: string[] = [];
    ctx.on('modeChange', (from, to) => changes.push(`${from}>${to}`));
    modes.toggleTheatre();
    expect(root.classList.contains('fluid_theatre_mode')).toBe(true);
    modes.toggleMiniPlayer(true);
    expect(modes.mode).toBe('mini');
    expect(root.classList.contains('fluid_theatre_mode')).toBe(false);
    expect(document.querySelector('.cr-mini-placeholder')?.textContent).toBe(
      'Playing in Miniplayer',
    );
    modes.toggleMiniPlayer();
    expect(document.querySelector('.cr-mini-placeholder')).toBeNull();
    expect(changes).toEqual(['normal>theatre', 'theatre>mini', 'mini>normal']);
    expect(emitted).toEqual([
      ['theatreModeOn', {}],
      ['theatreModeOff', {}],
      ['miniPlayerToggle', { isToggledOn: true }],
      ['miniPlayerToggle', { isToggledOn: false }],
    ]);
  });

  test('theatreAdvanced toggles the page’s class on its element instead', () => {
    const target = document.createElement('div');
    target.id = 'page';
    document.body.append(target);
    const { ctx, root } = testContext({
      layoutControls: { theatreAdvanced: { theatreElement: 'page', classToApply: 'wide' } },
    });
    const modes = new DisplayModesController(ctx);
    modes.toggleTheatre(true);
    expect(target.classList.contains('wide')).toBe(true);
    expect(root.classList.contains('cr-theatre')).toBe(false);
  });

  test('destroy goes back to normal and removes the placeholder', () => {
    const { ctx } = testContext();
    const modes = new DisplayModesController(ctx);
    modes.toggleMiniPlayer(true);
    ctx.destroy();
    expect(modes.mode).toBe('normal');
    expect(document.querySelector('.cr-mini-placeholder')).toBeNull();
  });
});
