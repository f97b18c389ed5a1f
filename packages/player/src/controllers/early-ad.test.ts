import { describe, expect, test } from 'vitest';
import { readVastStep } from './early-ad.ts';

// Plain text, not CDATA: happy-dom reads no CDATA through textContent (the browser tests use
// CDATA, as VAST servers do).
const vast = (ads: string): string => `<?xml version="1.0"?><VAST version="4.0">${ads}</VAST>`;
const inline = (files: string, id = 'a'): string =>
  `<Ad id="${id}"><InLine><AdSystem>t</AdSystem><AdTitle>t</AdTitle><Creatives><Creative><Linear>
    <Duration>00:00:03</Duration><MediaFiles>${files}</MediaFiles>
  </Linear></Creative></Creatives></InLine></Ad>`;
const BASE = 'https://ads.example/vast/rel/tag.xml';

describe('readVastStep (the core reads the common VAST for the first pre-roll)', () => {
  test("an inline ad gives its linear media files, in order, against the document's URL", () => {
    const step = readVastStep(
      vast(
        inline(
          '<MediaFile type="video/webm">../media/ad.webm</MediaFile>' +
            '<MediaFile type="video/mp4">https://cdn.example/ad.mp4</MediaFile>' +
            '<MediaFile type="video/mp4"> </MediaFile>',
        ),
      ),
      BASE,
    );
    expect(step).toEqual({
      files: [
        { src: 'https://ads.example/vast/media/ad.webm', type: 'video/webm' },
        { src: 'https://cdn.example/ad.mp4', type: 'video/mp4' },
      ],
    });
  });

  test("a wrapper gives its next tag, resolved against the wrapper's URL", () => {
    const step = readVastStep(
      vast('<Ad><Wrapper><VASTAdTagURI> ../inline.xml </VASTAdTagURI></Wrapper></Ad>'),
      BASE,
      'https://page.example/watch/page.html',
    );
    expect(step).toEqual({
      next: ['https://ads.example/vast/inline.xml', 'https://page.example/inline.xml'],
    });
  });

  test('anything else is left to the ads chunk', () => {
    const mp4 = '<MediaFile type="video/mp4">ad.mp4</MediaFile>';
    // Several ads (a pod), VPAID, a macro in a URL, no linear creative, no ad, broken XML.
    expect(readVastStep(vast(inline(mp4, 'a') + inline(mp4, 'b')), BASE)).toBeNull();
    expect(
      readVastStep(
        vast(
          inline('<MediaFile type="application/javascript" apiFramework="VPAID">v.js</MediaFile>'),
        ),
        BASE,
      ),
    ).toBeNull();
    expect(
      readVastStep(vast(inline('<MediaFile type="video/mp4">[CDN]/ad.mp4</MediaFile>')), BASE),
    ).toBeNull();
    expect(
      readVastStep(
        vast(
          '<Ad><InLine><Creatives><Creative><NonLinearAds/></Creative></Creatives></InLine></Ad>',
        ),
        BASE,
      ),
    ).toBeNull();
    expect(readVastStep(vast(''), BASE)).toBeNull();
    expect(readVastStep('<VAST><Ad>', BASE)).toBeNull();
    expect(
      readVastStep(vast('<Ad><Wrapper><VASTAdTagURI>[TAG]</VASTAdTagURI></Wrapper></Ad>'), BASE),
    ).toBeNull();
  });
});
