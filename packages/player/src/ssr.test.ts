// @vitest-environment node
import { expect, test } from 'vitest';

test('the entry and the React wrapper import and render without a window', async () => {
  expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  const core = await import('./index.ts');
  expect(core.version).toBe('1.0.0');
  const { CutroomPlayer } = await import('./react.ts');
  const { createElement } = await import('react');
  const { renderToString } = await import('react-dom/server');
  const html = renderToString(
    createElement(CutroomPlayer, { sources: [{ src: '/a.m3u8', type: 'application/x-mpegURL' }] }),
  );
  expect(html).toBe('<div data-cutroom-player=""></div>');
  expect(() => core.createPlayer('x')).toThrow('needs a browser document');
});
