import { describe, expect, it } from 'vitest';
import { isChunkLoadError, shouldReloadAfterChunkError } from './build-freshness';

describe('chunk reloads', () => {
  it('reloads the first time and again only after 10 s', () => {
    expect(shouldReloadAfterChunkError(null, 1_000)).toBe(true);
    expect(shouldReloadAfterChunkError(1_000, 5_000)).toBe(false);
    expect(shouldReloadAfterChunkError(1_000, 11_000)).toBe(false);
    expect(shouldReloadAfterChunkError(1_000, 11_001)).toBe(true);
  });

  it('recognises chunk failures of webpack, Turbopack and native imports', () => {
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: 'x' })).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 123 failed.'))).toBe(true);
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });
});
