import { chromium } from 'playwright-core';
import { startAdServers } from '/work/main/packages/player/test/ads/fixtures.ts';
import { CHROMIUM_ARGS } from '/work/main/packages/player/test/harness.ts';
const page = (head: string) => `<!doctype html><html><head>${head}</head><body><main id="main"></main></body></html>`;
const s = await startAdServers(4000, { pages: { '/ours.html': page('<link rel="stylesheet" href="/dist/cutroom-player.css"><script src="/dist/cutroom-player.js"></script>'), '/favicon.ico': ''}, mounts: { '/dist/': '/work/main/packages/player/dist', '/content/': '/tmp/cutroom-player-test-media' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
for (let i = 0; i < 4; i++) {
  const tab = await browser.newPage();
  await tab.addInitScript(`window.__name = (f) => f; window.__log = []; const T = () => Math.round(performance.now() - (window.__t0 || 0));
  const f = window.fetch; window.fetch = function (u, o) { window.__log.push('fetch ' + String(u).split('/').pop() + ' ' + ((o && o.method) || 'GET') + ' @' + T()); return f.apply(this, arguments); };
  const p = DOMParser.prototype.parseFromString; DOMParser.prototype.parseFromString = function () { window.__log.push('parse @' + T()); const r = p.apply(this, arguments); window.__log.push('parsed @' + T()); return r; };
  const pl = HTMLMediaElement.prototype.play; HTMLMediaElement.prototype.play = function () { window.__log.push('play ' + this.className + ' @' + T()); return pl.apply(this, arguments); };
  const d = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'src'); Object.defineProperty(HTMLMediaElement.prototype, 'src', { get: d.get, set(v) { window.__log.push('src ' + this.className + ' ' + String(v).split('/').pop() + ' @' + T()); d.set.call(this, v); } });`);
  await tab.goto(`${s.url}/ours.html`);
  await tab.waitForFunction(() => typeof (window as any).fluidPlayer === 'function');
  const r = await tab.evaluate(() => new Promise((resolve) => {
    const v = document.createElement('video'); v.id='b'; const so = document.createElement('source'); so.src='/content/clip-360.mp4'; so.type='video/mp4'; v.append(so); document.getElementById('main')!.append(v);
    (window as any).__t0 = performance.now(); const t0 = (window as any).__t0;
    const poll = setInterval(() => { const a = document.querySelector<HTMLVideoElement>('.cr-ad-video'); if (!a) return; clearInterval(poll); (window as any).__log.push('layer @' + Math.round(performance.now() - t0)); a.requestVideoFrameCallback(() => resolve({ ms: Math.round(performance.now() - t0), log: (window as any).__log, res: performance.getEntriesByType('resource').filter(e => e.startTime > t0 - 1).map(e => e.name.split('/').pop() + ':' + Math.round(e.startTime - t0) + '-' + Math.round(e.responseEnd - t0)) })); }, 1);
    const p = (window as any).fluidPlayer(v, { layoutControls: { mute: true }, vastOptions: { adList: [{ roll: 'preRoll', vastTag: '/vast/inline.xml' }] } });
    p.play();
    (window as any).__log.push('created @' + Math.round(performance.now() - t0));
  }));
  console.log(JSON.stringify(r));
  await tab.close();
}
await browser.close(); await s.close();
