import { describe, expect, it } from 'vitest';
import { FEED_AD_EVERY, feedPreroll } from './feed-ads';

const TAG = 'https://ads.example/vast.xml';

describe('the feed’s pre-roll', () => {
  it('comes before every fifth video a non-supporter watches', () => {
    const withAd = [1, 2, 3, 4, 5, 6, 10, 11, 15].filter((order) =>
      feedPreroll({ tag: TAG, notSupporter: true, order }),
    );
    expect(withAd).toEqual([5, 10, 15]);
    expect(FEED_AD_EVERY).toBe(5);
  });

  it('never for a supporter, nor while the reader is not known, nor without a tag', () => {
    expect(feedPreroll({ tag: TAG, notSupporter: false, order: 5 })).toBeNull();
    expect(feedPreroll({ tag: TAG, notSupporter: null, order: 5 })).toBeNull();
    expect(feedPreroll({ tag: null, notSupporter: true, order: 5 })).toBeNull();
    expect(feedPreroll({ tag: TAG, notSupporter: true, order: undefined })).toBeNull();
  });
});
