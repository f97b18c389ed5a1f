import { expect, test } from 'vitest';
import { DEFAULT_EMBED_SIZE, EMBED_SIZES, VERTICAL_EMBED_SIZES, embedSizesFor } from './embed-code';

test('a vertical video is offered vertical frame sizes; any other (or unknown) the landscape ones', () => {
  expect(embedSizesFor(9 / 16)).toEqual({
    sizes: VERTICAL_EMBED_SIZES,
    initial: { width: 360, height: 640 },
  });
  for (const aspect of [16 / 9, 1, null, undefined]) {
    expect(embedSizesFor(aspect)).toEqual({ sizes: EMBED_SIZES, initial: DEFAULT_EMBED_SIZE });
  }
  for (const { width, height } of VERTICAL_EMBED_SIZES)
    expect(width / height).toBeCloseTo(9 / 16, 2);
});
