import { describe, expect, test } from 'vitest';
import { resolveVastUrls } from './vast-loader.ts';

// Plain text, not CDATA: happy-dom reads no CDATA through textContent (the browser tests use
// CDATA, as VAST servers do).
const DOC = `<?xml version="1.0"?>
<VAST version="4.0"><Ad id="a"><Wrapper>
  <VASTAdTagURI>deeper/next.xml</VASTAdTagURI>
  <Impression>/impression</Impression>
  <Impression>https://other.example/pixel?cb=[CACHEBUSTING]</Impression>
  <Error>../err?code=[ERRORCODE]</Error>
  <Creatives><Creative><Linear>
    <TrackingEvents><Tracking event="start"> px/start </Tracking></TrackingEvents>
    <VideoClicks><ClickThrough>/landing</ClickThrough><ClickTracking>click</ClickTracking></VideoClicks>
    <MediaFiles><MediaFile type="video/mp4">../media/ad.mp4</MediaFile></MediaFiles>
    <Icons><Icon><IconClicks><IconClickThrough>icon</IconClickThrough></IconClicks></Icon></Icons>
  </Linear></Creative></Creatives>
  <Extensions><Extension type="TitleCTA"><TitleCTA><Link>/cta</Link></TitleCTA></Extension></Extensions>
</Wrapper></Ad></VAST>`;

describe('resolveVastUrls', () => {
  test('every relative URL resolves against the document that holds it; absolute ones stay', () => {
    const xml = new DOMParser().parseFromString(DOC, 'text/xml');
    resolveVastUrls(xml, 'https://ads.example/vast/rel/wrapper.xml');
    const text = (name: string): string[] =>
      Array.from(xml.getElementsByTagName(name)).map((n) => n.textContent ?? '');
    expect(text('VASTAdTagURI')).toEqual(['https://ads.example/vast/rel/deeper/next.xml']);
    expect(text('Impression')).toEqual([
      'https://ads.example/impression',
      'https://other.example/pixel?cb=[CACHEBUSTING]',
    ]);
    expect(text('Error')).toEqual(['https://ads.example/vast/err?code=[ERRORCODE]']);
    expect(text('Tracking')).toEqual(['https://ads.example/vast/rel/px/start']);
    expect(text('ClickThrough')).toEqual(['https://ads.example/landing']);
    expect(text('ClickTracking')).toEqual(['https://ads.example/vast/rel/click']);
    expect(text('MediaFile')).toEqual(['https://ads.example/vast/media/ad.mp4']);
    expect(text('IconClickThrough')).toEqual(['https://ads.example/vast/rel/icon']);
    expect(text('Link')).toEqual(['https://ads.example/cta']);
  });
});
