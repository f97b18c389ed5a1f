import { describe, expect, test } from 'vitest';
import { ModeMachine } from './modes.ts';

describe('ModeMachine', () => {
  test('starts normal; toggling enters and leaves a mode', () => {
    const m = new ModeMachine();
    expect(m.mode).toBe('normal');
    expect(m.toggle('theatre')).toEqual({ from: 'normal', to: 'theatre' });
    expect(m.toggle('theatre')).toEqual({ from: 'theatre', to: 'normal' });
    expect(m.mode).toBe('normal');
  });
  test('entering one mode exits the other', () => {
    const m = new ModeMachine();
    m.toggle('theatre');
    expect(m.toggle('mini')).toEqual({ from: 'theatre', to: 'mini' });
    expect(m.toggle('fullscreen')).toEqual({ from: 'mini', to: 'fullscreen' });
    expect(m.mode).toBe('fullscreen');
  });
  test('an explicit state is idempotent', () => {
    const m = new ModeMachine();
    expect(m.toggle('mini', false)).toBeNull();
    expect(m.toggle('mini', true)).toEqual({ from: 'normal', to: 'mini' });
    expect(m.toggle('mini', true)).toBeNull();
    expect(m.toggle('theatre', false)).toBeNull();
    expect(m.mode).toBe('mini');
    expect(m.set('normal')).toEqual({ from: 'mini', to: 'normal' });
    expect(m.set('normal')).toBeNull();
  });
});
