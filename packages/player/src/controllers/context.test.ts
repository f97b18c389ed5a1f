import { afterEach, expect, test } from 'vitest';
import { testContext } from './testing.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

test('the internal events reach their handlers in order until unsubscribed', () => {
  const { ctx } = testContext();
  const seen: string[] = [];
  ctx.on('modeChange', (from, to) => seen.push(`a ${from}>${to}`));
  const off = ctx.on('modeChange', (from, to) => seen.push(`b ${from}>${to}`));
  ctx.on('suggestedToggle', (isShown) => seen.push(`grid ${isShown}`));
  ctx.trigger('modeChange', 'normal', 'theatre');
  off();
  ctx.trigger('modeChange', 'theatre', 'normal');
  ctx.trigger('suggestedToggle', true);
  ctx.trigger('vrReady');
  expect(seen).toEqual(['a normal>theatre', 'b normal>theatre', 'a theatre>normal', 'grid true']);
});

test('what a cleanup announces on destroy still reaches the handlers; none after', () => {
  const { ctx } = testContext();
  const seen: string[] = [];
  ctx.onDestroy(() => ctx.trigger('controlsToggle', false));
  ctx.on('controlsToggle', (isShown) => seen.push(String(isShown)));
  ctx.destroy();
  ctx.trigger('controlsToggle', true);
  expect(seen).toEqual(['false']);
});
