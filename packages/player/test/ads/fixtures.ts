// Fixtures of the ad tests, written for this project: a short ad clip and a banner made with
// ffmpeg, VAST documents built from small templates, two VPAID creatives, a VAST fixture
// server and a tracking-pixel recorder, both on 127.0.0.1.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const AD_SECONDS = 3;
/**
 * The clip of the ad the skip test skips: long enough that on a busy machine the test reaches
 * the skip link (shown after 1 s) before the ad ends; skipped, it never plays out.
 */
const SKIPPABLE_AD_SECONDS = 9;
const AD_MEDIA_VERSION = '3';
export const adMediaDir = join(tmpdir(), 'cutroom-player-ad-media');

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    stdio: 'inherit',
  });
}

/** A clip of colour bars with a tone, as ad media. */
function adClip(seconds: number, name: string): void {
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `smptebars=size=320x180:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=880:sample_rate=44100:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-profile:v',
    'baseline',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '25',
    '-c:a',
    'aac',
    '-b:a',
    '48k',
    '-ac',
    '1',
    '-movflags',
    '+faststart',
    join(adMediaDir, name),
  ]);
}

/** Makes the ad clips and the banner once per machine. */
export function makeAdMedia(): string {
  const marker = join(adMediaDir, '.version');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === AD_MEDIA_VERSION) return adMediaDir;
  mkdirSync(adMediaDir, { recursive: true });
  adClip(AD_SECONDS, 'ad.mp4');
  adClip(SKIPPABLE_AD_SECONDS, 'ad-skippable.mp4');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'color=c=0x2a7be0:s=468x60',
    '-frames:v',
    '1',
    join(adMediaDir, 'banner.png'),
  ]);
  writeFileSync(join(adMediaDir, 'vpaid2.js'), vpaidCreative('2.0'));
  writeFileSync(join(adMediaDir, 'vpaid1.js'), vpaidCreative('1.1'));
  writeFileSync(join(adMediaDir, 'vpaid-video.js'), VPAID_VIDEO_CREATIVE);
  writeFileSync(join(adMediaDir, 'vpaid-nonlinear.js'), VPAID_NON_LINEAR_CREATIVE);
  writeFileSync(marker, AD_MEDIA_VERSION);
  return adMediaDir;
}

/** A tiny VPAID creative: draws a label in its slot and reports its quartiles over 1 s. */
function vpaidCreative(version: string): string {
  return `window.getVPAIDAd = function () {
  var handlers = {}, slot = null, volume = 1;
  function emit(name) { (handlers[name] || []).forEach(function (h) { h.fn.call(h.ctx); }); }
  return {
    handshakeVersion: function () { return '${version}'; },
    subscribe: function (fn, name, ctx) { (handlers[name] = handlers[name] || []).push({ fn: fn, ctx: ctx }); },
    unsubscribe: function (fn, name) { handlers[name] = (handlers[name] || []).filter(function (h) { return h.fn !== fn; }); },
    initAd: function (w, h, mode, bitrate, creative, env) {
      slot = env.slot;
      slot.setAttribute('data-params', creative.AdParameters);
      setTimeout(function () { emit('AdLoaded'); }, 10);
    },
    startAd: function () {
      var label = document.createElement('p');
      label.id = 'vpaid-label'; label.textContent = 'VPAID creative'; label.style.color = '#fff';
      slot.appendChild(label);
      emit('AdStarted'); emit('AdImpression'); emit('AdVideoStart');
      setTimeout(function () { emit('AdVideoFirstQuartile'); }, 250);
      setTimeout(function () { emit('AdVideoMidpoint'); }, 500);
      setTimeout(function () { emit('AdVideoThirdQuartile'); }, 750);
      setTimeout(function () { emit('AdVideoComplete'); emit('AdStopped'); }, 1000);
    },
    stopAd: function () { emit('AdStopped'); },
    pauseAd: function () { emit('AdPaused'); },
    resumeAd: function () { emit('AdPlaying'); },
    setAdVolume: function (v) { volume = v; },
    getAdVolume: function () { return volume; }
  };
};
`;
}

/**
 * A VPAID linear creative in the manner of the sample Fluid Player tests with: it plays the
 * video named in its AdParameters in the video slot it is given, reports the quartiles from
 * the slot's timeupdate, and stops 75 ms after the video ends. It keeps the slot's muted state
 * in the slot's data-muted attribute, for the tests.
 */
const VPAID_VIDEO_CREATIVE = `window.getVPAIDAd = function () {
  var cb = {}, slot = null, video = null, params = {}, volume = 1, next = 0;
  var quartiles = [['AdImpression', 0], ['AdVideoStart', 0], ['AdVideoFirstQuartile', 25],
    ['AdVideoMidpoint', 50], ['AdVideoThirdQuartile', 75], ['AdVideoComplete', 100]];
  function emit(name) { if (cb[name]) cb[name](); }
  return {
    handshakeVersion: function () { return '2.0'; },
    subscribe: function (fn, name, ctx) { cb[name] = fn.bind(ctx); },
    unsubscribe: function (name) { cb[name] = null; },
    initAd: function (w, h, mode, bitrate, creative, env) {
      slot = env.slot; video = env.videoSlot;
      params = JSON.parse(creative.AdParameters);
      video.setAttribute('src', params.video);
      video.addEventListener('timeupdate', function () {
        slot.setAttribute('data-muted', String(video.muted));
        var pct = video.currentTime * 100 / video.duration;
        while (next < quartiles.length && pct >= quartiles[next][1]) emit(quartiles[next++][0]);
      });
      video.addEventListener('ended', function () { setTimeout(function () { emit('AdStopped'); }, 75); });
      var label = document.createElement('p');
      label.id = 'vpaid-label'; label.textContent = 'VPAID video creative';
      label.style.cssText = 'position:absolute;z-index:1;color:#fff;margin:8px';
      slot.appendChild(label);
      emit('AdLoaded');
    },
    startAd: function () { video.play(); emit('AdStarted'); },
    stopAd: function () { setTimeout(function () { emit('AdStopped'); }, 75); },
    pauseAd: function () { video.pause(); emit('AdPaused'); },
    resumeAd: function () { video.play(); emit('AdPlaying'); },
    setAdVolume: function (v) { volume = v; emit('AdVolumeChange'); },
    getAdVolume: function () { return volume; }
  };
};
`;

/** A VPAID non-linear creative: a banner with a label, closed by the player or by itself. */
const VPAID_NON_LINEAR_CREATIVE = `window.getVPAIDAd = function () {
  var cb = {}, slot = null;
  function emit(name) { if (cb[name]) cb[name](); }
  return {
    handshakeVersion: function () { return '2.0'; },
    subscribe: function (fn, name, ctx) { cb[name] = fn.bind(ctx); },
    unsubscribe: function (name) { cb[name] = null; },
    initAd: function (w, h, mode, bitrate, creative, env) {
      slot = env.slot;
      slot.setAttribute('data-size', w + 'x' + h);
      setTimeout(function () { emit('AdLoaded'); }, 10);
    },
    startAd: function () {
      var box = document.createElement('div');
      box.id = 'vpaid-banner'; box.textContent = 'VPAID banner';
      box.style.cssText = 'background:#2a7be0;color:#fff;font:16px sans-serif;height:100%';
      box.onclick = function () { if (cb.AdClickThru) cb.AdClickThru('', '0', false); };
      slot.appendChild(box);
      emit('AdStarted'); emit('AdImpression');
    },
    stopAd: function () { setTimeout(function () { emit('AdStopped'); }, 20); },
    pauseAd: function () {}, resumeAd: function () {},
    setAdVolume: function () {}, getAdVolume: function () { return 1; }
  };
};
`;

// ------------------------------------------------------------------ VAST templates

const LINEAR_EVENTS = [
  'creativeView',
  'start',
  'firstQuartile',
  'midpoint',
  'thirdQuartile',
  'complete',
  'skip',
  'pause',
  'resume',
  'mute',
  'unmute',
];

export interface InlineSpec {
  /** Names the ad in tracking URLs: /t/<id>/<event>. */
  id: string;
  sequence?: number;
  skipoffset?: string;
  media?: { src: string; type: string; apiFramework?: string }[];
  adParameters?: string;
  clickThrough?: string;
  duration?: string;
}

/** The tracking recorder URL of an ad's event. */
export const pixel = (t: string, id: string, event: string): string => `${t}/t/${id}/${event}`;

function inlineAd(t: string, m: string, spec: InlineSpec): string {
  const media = spec.media ?? [{ src: `${m}/ad.mp4`, type: 'video/mp4' }];
  return `<Ad id="${spec.id}"${spec.sequence ? ` sequence="${spec.sequence}"` : ''}><InLine>
  <AdSystem>Cutroom fixtures</AdSystem><AdTitle>${spec.id}</AdTitle>
  <Impression><![CDATA[${pixel(t, spec.id, 'impression')}]]></Impression>
  <Error><![CDATA[${pixel(t, spec.id, 'error')}?code=[ERRORCODE]]]></Error>
  <ViewableImpression><Viewable><![CDATA[${pixel(t, spec.id, 'viewImpression')}]]></Viewable></ViewableImpression>
  <Creatives><Creative><Linear${spec.skipoffset ? ` skipoffset="${spec.skipoffset}"` : ''}>
    <Duration>${spec.duration ?? `00:00:0${AD_SECONDS}`}</Duration>
    <TrackingEvents>
${LINEAR_EVENTS.map((e) => `      <Tracking event="${e}"><![CDATA[${pixel(t, spec.id, e)}]]></Tracking>`).join('\n')}
    </TrackingEvents>
    ${spec.adParameters ? `<AdParameters><![CDATA[${spec.adParameters}]]></AdParameters>` : ''}
    <VideoClicks>
      <ClickThrough><![CDATA[${spec.clickThrough ?? `${t}/landing/${spec.id}`}]]></ClickThrough>
      <ClickTracking><![CDATA[${pixel(t, spec.id, 'click')}]]></ClickTracking>
    </VideoClicks>
    <MediaFiles>
${media.map((f) => `      <MediaFile delivery="progressive" type="${f.type}" width="320" height="180"${f.apiFramework ? ` apiFramework="${f.apiFramework}"` : ''}><![CDATA[${f.src}]]></MediaFile>`).join('\n')}
    </MediaFiles>
  </Linear></Creative></Creatives>
</InLine></Ad>`;
}

const vast = (body: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="4.0">\n${body}\n</VAST>\n`;

/**
 * Every VAST document the tests request, by path under the VAST base (or from the root when
 * the path starts with '/'); t = tracker base, v = VAST base, m = media base. */
export function vastDocuments(t: string, v: string, m: string): Record<string, string> {
  const wrapper = (id: string, next: string): string =>
    vast(`<Ad id="${id}"><Wrapper>
  <AdSystem>Cutroom fixtures</AdSystem>
  <VASTAdTagURI><![CDATA[${v}/${next}]]></VASTAdTagURI>
  <Impression><![CDATA[${pixel(t, id, 'impression')}]]></Impression>
  <Error><![CDATA[${pixel(t, id, 'error')}?code=[ERRORCODE]]]></Error>
  <Creatives><Creative><Linear><TrackingEvents>
    <Tracking event="start"><![CDATA[${pixel(t, id, 'start')}]]></Tracking>
  </TrackingEvents></Linear></Creative></Creatives>
</Wrapper></Ad>`);
  return {
    'inline.xml': vast(inlineAd(t, m, { id: 'inline', skipoffset: '00:00:01' })),
    'skippable.xml': vast(inlineAd(t, m, { id: 'skippable', skipoffset: '00:00:01' })),
    'skippable-long.xml': vast(
      inlineAd(t, m, {
        id: 'skippable-long',
        skipoffset: '00:00:01',
        duration: `00:00:0${SKIPPABLE_AD_SECONDS}`,
        media: [{ src: `${m}/ad-skippable.mp4`, type: 'video/mp4' }],
      }),
    ),
    'chain3-w1.xml': wrapper('c3w1', 'chain3-w2.xml'),
    'chain3-w2.xml': wrapper('c3w2', 'chain3-w3.xml'),
    'chain3-w3.xml': wrapper('c3w3', 'chain3-inline.xml'),
    'chain3-inline.xml': vast(inlineAd(t, m, { id: 'c3in' })),
    'chain4-w1.xml': wrapper('c4w1', 'chain4-w2.xml'),
    'chain4-w2.xml': wrapper('c4w2', 'chain4-w3.xml'),
    'chain4-w3.xml': wrapper('c4w3', 'chain4-w4.xml'),
    'chain4-w4.xml': wrapper('c4w4', 'chain4-inline.xml'),
    'chain4-inline.xml': vast(inlineAd(t, m, { id: 'c4in' })),
    'cycle-a.xml': wrapper('cya', 'cycle-b.xml'),
    'cycle-b.xml': wrapper('cyb', 'cycle-a.xml'),
    'pod.xml': vast(
      [
        inlineAd(t, m, { id: 'pod3', sequence: 3 }),
        inlineAd(t, m, { id: 'pod1', sequence: 1 }),
        inlineAd(t, m, { id: 'alone' }),
        inlineAd(t, m, { id: 'pod2', sequence: 2 }),
      ].join('\n'),
    ),
    'empty.xml': vast(`<Error><![CDATA[${pixel(t, 'empty', 'error')}?code=[ERRORCODE]]]></Error>`),
    'fallback.xml': vast(inlineAd(t, m, { id: 'fallback' })),
    'nonlinear.xml': vast(`<Ad id="banner"><InLine>
  <AdSystem>Cutroom fixtures</AdSystem><AdTitle>banner</AdTitle>
  <Impression><![CDATA[${pixel(t, 'banner', 'impression')}]]></Impression>
  <Error><![CDATA[${pixel(t, 'banner', 'error')}?code=[ERRORCODE]]]></Error>
  <Creatives><Creative><NonLinearAds>
    <NonLinear width="468" height="60" minSuggestedDuration="00:00:10">
      <StaticResource creativeType="image/png"><![CDATA[${m}/banner.png]]></StaticResource>
      <NonLinearClickThrough><![CDATA[${t}/landing/banner]]></NonLinearClickThrough>
      <NonLinearClickTracking><![CDATA[${pixel(t, 'banner', 'click')}]]></NonLinearClickTracking>
    </NonLinear>
    <TrackingEvents>
      <Tracking event="creativeView"><![CDATA[${pixel(t, 'banner', 'creativeView')}]]></Tracking>
      <Tracking event="start"><![CDATA[${pixel(t, 'banner', 'start')}]]></Tracking>
      <Tracking event="close"><![CDATA[${pixel(t, 'banner', 'close')}]]></Tracking>
    </TrackingEvents>
  </NonLinearAds></Creative></Creatives>
</InLine></Ad>`),
    'vpaid2.xml': vast(
      inlineAd(t, m, {
        id: 'vpaid2',
        media: [{ src: `${m}/vpaid2.js`, type: 'application/javascript', apiFramework: 'VPAID' }],
        adParameters: '{"campaign":"fixture"}',
      }),
    ),
    'vpaid1.xml': vast(
      inlineAd(t, m, {
        id: 'vpaid1',
        media: [{ src: `${m}/vpaid1.js`, type: 'application/javascript', apiFramework: 'VPAID' }],
      }),
    ),
    'vpaid-video.xml': vast(
      inlineAd(t, m, {
        id: 'vpaidv',
        media: [
          { src: `${m}/vpaid-video.js`, type: 'application/javascript', apiFramework: 'VPAID' },
        ],
        adParameters: JSON.stringify({ video: `${m}/ad.mp4` }),
      }),
    ),
    'vpaid-pod.xml': vast(
      [1, 2]
        .map((n) =>
          inlineAd(t, m, {
            id: `vpaidp${n}`,
            sequence: n,
            media: [
              { src: `${m}/vpaid-video.js`, type: 'application/javascript', apiFramework: 'VPAID' },
            ],
            adParameters: JSON.stringify({ video: `${m}/ad.mp4` }),
          }),
        )
        .join('\n'),
    ),
    'vpaid-nonlinear.xml': vast(`<Ad id="vpaidnl"><InLine>
  <AdSystem>Cutroom fixtures</AdSystem><AdTitle>vpaidnl</AdTitle>
  <Impression><![CDATA[${pixel(t, 'vpaidnl', 'impression')}]]></Impression>
  <Creatives><Creative><NonLinearAds>
    <NonLinear apiFramework="VPAID" width="468" height="60" minSuggestedDuration="00:00:30">
      <AdParameters><![CDATA[{}]]></AdParameters>
      <StaticResource creativeType="application/javascript"><![CDATA[${m}/vpaid-nonlinear.js]]></StaticResource>
      <NonLinearClickThrough><![CDATA[${t}/landing/vpaidnl]]></NonLinearClickThrough>
    </NonLinear>
    <TrackingEvents>
      <Tracking event="creativeView"><![CDATA[${pixel(t, 'vpaidnl', 'creativeView')}]]></Tracking>
      <Tracking event="close"><![CDATA[${pixel(t, 'vpaidnl', 'close')}]]></Tracking>
    </TrackingEvents>
  </NonLinearAds></Creative></Creatives>
</InLine></Ad>`),
    // Relative URLs, resolved against the document that holds them: a wrapper in rel/ points
    // to a wrapper in rel/deeper/, which points back up to an inline whose media file, pixels
    // and click URLs are relative to it. Pixels land on this server (/impression, /px/...).
    'rel/wrapper.xml': vast(`<Ad id="relw1"><Wrapper>
  <AdSystem>Cutroom fixtures</AdSystem>
  <VASTAdTagURI><![CDATA[deeper/wrapper2.xml]]></VASTAdTagURI>
  <Impression><![CDATA[/px/relw1/impression]]></Impression>
  <Creatives><Creative><Linear><TrackingEvents>
    <Tracking event="start"><![CDATA[../../px/relw1/start]]></Tracking>
  </TrackingEvents></Linear></Creative></Creatives>
</Wrapper></Ad>`),
    'rel/deeper/wrapper2.xml': vast(`<Ad id="relw2"><Wrapper>
  <AdSystem>Cutroom fixtures</AdSystem>
  <VASTAdTagURI><![CDATA[../inline.xml]]></VASTAdTagURI>
  <Impression><![CDATA[/px/relw2/impression]]></Impression>
</Wrapper></Ad>`),
    'rel/inline.xml': vast(`<Ad id="relin"><InLine>
  <AdSystem>Cutroom fixtures</AdSystem><AdTitle>relin</AdTitle>
  <Impression><![CDATA[/impression]]></Impression>
  <Creatives><Creative><Linear skipoffset="00:00:01">
    <Duration>00:00:0${AD_SECONDS}</Duration>
    <TrackingEvents>
      <Tracking event="start"><![CDATA[../../px/relin/start]]></Tracking>
      <Tracking event="complete"><![CDATA[/px/relin/complete]]></Tracking>
    </TrackingEvents>
    <VideoClicks>
      <ClickThrough><![CDATA[/landing/relin]]></ClickThrough>
      <ClickTracking><![CDATA[/px/relin/click]]></ClickTracking>
    </VideoClicks>
    <MediaFiles>
      <MediaFile delivery="progressive" type="video/mp4" width="320" height="180"><![CDATA[../../media/ad.mp4]]></MediaFile>
    </MediaFiles>
  </Linear></Creative></Creatives>
</InLine></Ad>`),
    'rel/banner.xml': vast(`<Ad id="relnl"><InLine>
  <AdSystem>Cutroom fixtures</AdSystem><AdTitle>relnl</AdTitle>
  <Impression><![CDATA[/px/relnl/impression]]></Impression>
  <Creatives><Creative><NonLinearAds>
    <NonLinear width="468" height="60" minSuggestedDuration="00:00:30">
      <StaticResource creativeType="image/png"><![CDATA[../../media/banner.png]]></StaticResource>
      <NonLinearClickThrough><![CDATA[/landing/relnl]]></NonLinearClickThrough>
    </NonLinear>
  </NonLinearAds></Creative></Creatives>
</InLine></Ad>`),
    // A page written for Fluid Player (its page internal-vast-click-tracking-issue): the tag is
    // relative to the page, and so is the wrapper's VASTAdTagURI, padded with spaces inside
    // CDATA; against the wrapper's own URL it would name static/ads/static/ads/inline.xml.
    // Served at these paths from the root, next to the embed pages.
    '/pages/static/ads/wrapper.xml': vast(`<Ad id="pgw"><Wrapper>
  <AdSystem>Cutroom fixtures</AdSystem>
  <VASTAdTagURI>
    <![CDATA[ static/ads/inline.xml ]]>
  </VASTAdTagURI>
  <Impression><![CDATA[ /px/pgw/impression ]]></Impression>
  <Error><![CDATA[ /px/pgw/error ]]></Error>
</Wrapper></Ad>`),
    '/pages/static/ads/inline.xml': vast(`<Ad id="pgin"><InLine>
  <AdSystem>Cutroom fixtures</AdSystem><AdTitle>pgin</AdTitle>
  <Impression><![CDATA[ /px/pgin/impression ]]></Impression>
  <Creatives><Creative><Linear skipoffset="00:00:01">
    <Duration>00:00:0${AD_SECONDS}</Duration>
    <TrackingEvents>
      <Tracking event="start"><![CDATA[ /px/pgin/start ]]></Tracking>
      <Tracking event="complete"><![CDATA[ /px/pgin/complete ]]></Tracking>
    </TrackingEvents>
    <MediaFiles>
      <MediaFile delivery="progressive" type="video/mp4" width="320" height="180"><![CDATA[ /media/ad.mp4 ]]></MediaFile>
    </MediaFiles>
  </Linear></Creative></Creatives>
</InLine></Ad>`),
    'broken.xml':
      '<?xml version="1.0"?><VAST version="4.0"><Ad id="x"><InLine><AdTitle>broken</InLine></VAST>',
    'missing-media.xml': vast(
      inlineAd(t, m, { id: 'nomedia', media: [{ src: `${m}/missing.mp4`, type: 'video/mp4' }] }),
    ),
  };
}

// ------------------------------------------------------------------ servers

/** One request the fixture servers saw. */
export interface Hit {
  path: string;
  query: string;
  at: number;
}

export interface AdServers {
  /** Origin of the fixture server (VAST, media, pages). */
  url: string;
  /** Base URL of the VAST documents. */
  vastBase: string;
  /** Base URL of the ad media. */
  mediaBase: string;
  /** Base URL of the tracking-pixel recorder. */
  trackerBase: string;
  /** Pixel hits, in arrival order. */
  pixels: Hit[];
  /** VAST and media requests, in arrival order. */
  requests: Hit[];
  reset(): void;
  close(): Promise<void>;
}

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const TYPES: Record<string, string> = {
  '.xml': 'application/xml',
  '.mp4': 'video/mp4',
  '.png': 'image/png',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.vtt': 'text/vtt',
  '.json': 'application/json',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mpd': 'application/dash+xml',
};

/** What else the fixture server serves: embed pages and folders (dist, content media). */
export interface ServeOptions {
  /** HTML by path ('/pages/x.html'); `{{VAST}}`, `{{MEDIA}}` and `{{T}}` become the bases. */
  pages?: Record<string, string>;
  /** Folders by URL prefix ('/dist/' → a directory). */
  mounts?: Record<string, string>;
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** Starts the VAST fixture server (VAST + media) and the tracking-pixel recorder. */
export async function startAdServers(slowMs = 4000, serve: ServeOptions = {}): Promise<AdServers> {
  const media = makeAdMedia();
  const pixels: Hit[] = [];
  const requests: Hit[] = [];
  let docs: Record<string, string> = {};
  let vastBase = '';
  let mediaBase = '';
  const tracker = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    pixels.push({ path: url.pathname, query: url.search, at: Date.now() });
    res.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' });
    res.end(GIF);
  });
  const fixtures = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push({ path: url.pathname, query: url.search, at: Date.now() });
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
    if (url.pathname === '/vast/slow.xml') {
      // Answers after the player's VAST timeout.
      setTimeout(() => {
        if (!res.destroyed)
          res
            .writeHead(200, { ...headers, 'content-type': TYPES['.xml']! })
            .end(docs['inline.xml']);
      }, slowMs);
      return;
    }
    const rooted = docs[url.pathname];
    if (rooted !== undefined) {
      return void res.writeHead(200, { ...headers, 'content-type': TYPES['.xml']! }).end(rooted);
    }
    if (url.pathname.startsWith('/vast/')) {
      const doc = docs[url.pathname.slice('/vast/'.length)];
      if (doc === undefined) return void res.writeHead(404, headers).end();
      res.writeHead(200, { ...headers, 'content-type': TYPES['.xml']! }).end(doc);
      return;
    }
    // Relative pixels of the VAST documents land here, like the tracker's.
    if (url.pathname.startsWith('/px/') || url.pathname === '/impression') {
      pixels.push({ path: url.pathname, query: url.search, at: Date.now() });
      res.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' });
      return void res.end(GIF);
    }
    const page = serve.pages?.[url.pathname];
    if (page !== undefined) {
      const html = page
        .replaceAll('{{VAST}}', vastBase)
        .replaceAll('{{MEDIA}}', mediaBase)
        .replaceAll('{{T}}', tracker.url);
      return void res.writeHead(200, { ...headers, 'content-type': TYPES['.html']! }).end(html);
    }
    const mounts: Record<string, string> = { ...serve.mounts, '/media/': media };
    const prefix = Object.keys(mounts).find((p) => url.pathname.startsWith(p));
    if (prefix) {
      const name = decodeURIComponent(url.pathname.slice(prefix.length));
      const path = join(mounts[prefix]!, name);
      if (name.split('/').some((part) => part.startsWith('.')) || !existsSync(path)) {
        return void res.writeHead(404, headers).end();
      }
      if (statSync(path).isDirectory()) return void res.writeHead(404, headers).end();
      const body = readFileSync(path);
      const ext = name.slice(name.lastIndexOf('.'));
      const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      const common = {
        ...headers,
        'content-type': TYPES[ext] ?? 'application/octet-stream',
        'accept-ranges': 'bytes',
      };
      if (range) {
        const start = Number(range[1]);
        const end = range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
        res.writeHead(206, {
          ...common,
          'content-range': `bytes ${start}-${end}/${body.length}`,
          'content-length': end - start + 1,
        });
        return void res.end(req.method === 'HEAD' ? undefined : body.subarray(start, end + 1));
      }
      res.writeHead(200, { ...common, 'content-length': body.length });
      return void res.end(req.method === 'HEAD' ? undefined : body);
    }
    res.writeHead(404, headers).end();
  });
  vastBase = `${fixtures.url}/vast`;
  mediaBase = `${fixtures.url}/media`;
  docs = vastDocuments(tracker.url, vastBase, mediaBase);
  return {
    url: fixtures.url,
    vastBase,
    mediaBase,
    trackerBase: tracker.url,
    pixels,
    requests,
    reset() {
      pixels.length = 0;
      requests.length = 0;
    },
    async close() {
      await Promise.all([tracker.close(), fixtures.close()]);
    },
  };
}
