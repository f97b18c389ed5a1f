import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage, useOwnSite } from '../support/browser';
import { startSiteServer } from '../support/global-setup';
import { testPatternVideo } from '../support/media';
import { screenshot } from '../support/screenshots';
import { sessionCookie, uploadPublishedVideo } from '../support/videos';

// The site's advertising (docs/ads.md) against an ad host of the test's own: the visitor check,
// the pop-under's target, a VAST pre-roll with a real MP4, an analytics script and a font
// stylesheet. The site runs on a server of its own, configured with that host.

const ZONE = '48213';

/** Every request the ad host got (path and query), in order. */
const adRequests: string[] = [];
/** What the visitor check answers now. */
let check = { status: 200, body: '0' };
let adHost = '';
let adServer: Server;
let stopSite: () => Promise<void>;
let supporter: { username: string; email: string; password: string };
let videoPath = '';
let embedPath = '';

const got = (path: string) => adRequests.filter((request) => request.startsWith(path)).length;

async function startAdHost(adMp4: Buffer) {
  adServer = createServer((request, response) => {
    const url = request.url ?? '/';
    adRequests.push(url);
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
    const path = url.split('?')[0];
    if (path === '/check') {
      response.writeHead(check.status, { ...headers, 'content-type': 'text/plain' });
      response.end(check.body);
    } else if (path === '/popunder' || path === '/promo') {
      response.writeHead(200, { ...headers, 'content-type': 'text/html' });
      response.end('<!doctype html><title>Ad</title><p>An advertiser</p>');
    } else if (path === '/vast.xml') {
      response.writeHead(200, { ...headers, 'content-type': 'application/xml' });
      response.end(`<?xml version="1.0" encoding="UTF-8"?>
<VAST version="3.0"><Ad id="e2e"><InLine><AdSystem>e2e</AdSystem><AdTitle>Pre-roll</AdTitle>
<Impression><![CDATA[${adHost}/impression]]></Impression>
<Creatives><Creative><Linear><Duration>00:00:04</Duration>
<VideoClicks><ClickThrough><![CDATA[${adHost}/click]]></ClickThrough></VideoClicks><MediaFiles>
<MediaFile delivery="progressive" type="video/mp4" width="320" height="180"><![CDATA[${adHost}/ad.mp4]]></MediaFile>
</MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>`);
    } else if (path === '/ad.mp4') {
      response.writeHead(200, {
        ...headers,
        'content-type': 'video/mp4',
        'content-length': adMp4.byteLength,
      });
      response.end(adMp4);
    } else if (path === '/analytics.js') {
      response.writeHead(200, { ...headers, 'content-type': 'text/javascript' });
      response.end('window.__analytics = true;');
    } else if (path === '/font.css') {
      response.writeHead(200, { ...headers, 'content-type': 'text/css' });
      response.end('body { letter-spacing: 0; }');
    } else {
      response.writeHead(204, headers).end();
    }
  });
  await new Promise<void>((resolve) => adServer.listen(0, '127.0.0.1', resolve));
  adHost = `http://127.0.0.1:${(adServer.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  // The ad: another test pattern than the site's video (makeTinyMp4), told apart on screen.
  await startAdHost(readFileSync(testPatternVideo({ seconds: 4, height: 180 })));
  const email = `adsupporter${Date.now().toString(36)}@example.test`;
  const site = await startSiteServer({
    RATE_LIMIT_SIGN_IN_MAX: '10000',
    RATE_LIMIT_REGISTER_MAX: '10000',
    ADMIN_EMAILS: email,
    AD_URL: `${adHost}/promo`,
    ADS_POPUNDER_HOST: adHost,
    ADS_POPUNDER_ZONE: ZONE,
    ADS_POPUNDER_SUB_IDS: 'e2e,site',
    ADS_VISITOR_CHECK_URL: `${adHost}/check`,
    ADS_VAST_PREROLL_TAG: `${adHost}/vast.xml`,
    ANALYTICS_SCRIPT_URL: `${adHost}/analytics.js`,
    WEB_FONT_STYLESHEET_URL: `${adHost}/font.css`,
  });
  stopSite = site.stop;
  useOwnSite(site);
  // One member, made an admin by ADMIN_EMAILS, makes themselves a supporter.
  supporter = await createVerifiedUser({ username: email.split('@')[0] });
  const cookie = await sessionCookie(supporter.email, supporter.password);
  const video = await uploadPublishedVideo(cookie, {
    title: 'Ads e2e',
    username: supporter.username,
    seconds: 2,
  });
  videoPath = `/video/${video.slug}_${video.id}`;
  embedPath = `/video/embed/${video.id}`;
  const users = await fetch(`${baseUrl()}/api/auth/get-session`, { headers: { cookie } });
  const userId = ((await users.json()) as { user: { id: string } }).user.id;
  const made = await fetch(`${baseUrl()}/api/v2/admin`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'SetSupporter', userId, isSupporter: true }),
  });
  expect(made.status, await made.text()).toBe(200);
}, 240_000);

afterAll(async () => {
  await stopSite?.();
  await new Promise((resolve) => adServer?.close(resolve));
});

/** A visitor's home page with the clock under the test's control; new tabs are collected. */
async function visitorHome(): Promise<{ page: Page; context: BrowserContext; tabs: Page[] }> {
  const page = await openPage();
  const context = page.context();
  const tabs: Page[] = [];
  context.on('page', (tab) => tabs.push(tab));
  await page.clock.install();
  const checked = got('/check');
  await page.goto('/');
  await expect.poll(() => got('/check'), { timeout: 15_000 }).toBe(checked + 1);
  // Armed 400 ms after the load.
  await page.clock.runFor(500);
  return { page, context, tabs };
}

/** A click on the page outlet's edge: no link, no button, no .ad-link. */
async function clickPage(page: Page) {
  await page.getByTestId('page-outlet').click({ position: { x: 2, y: 8 } });
  // The new tab is sent to the ad 200 ms after the click.
  await page.clock.runFor(250);
}

const popunders = (tabs: Page[]) =>
  tabs.filter((tab) => tab.url().startsWith(`${adHost}/popunder`));

describe("the pop-under (docs/ads.md), a visitor's clock controlled", () => {
  it('opens at most 3 in an hour, none from a click inside .ad-link, a 4th after the hour', async () => {
    check = { status: 200, body: '0' };
    const before = got('/popunder');
    const { page, tabs } = await visitorHome();

    // A click inside the promotional card's .ad-link opens only that link.
    await page.getByTestId('promo-card').getByRole('link').click();
    await page.clock.runFor(250);
    await expect.poll(() => tabs.length).toBe(1);
    await expect.poll(() => tabs[0]!.url()).toContain('/promo');
    expect(got('/popunder')).toBe(before);

    for (let i = 0; i < 5; i += 1) await clickPage(page);
    await expect.poll(() => got('/popunder')).toBe(before + 3);
    await expect.poll(() => popunders(tabs).length).toBe(3);
    const link = new URL(popunders(tabs)[0]!.url());
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      zone: ZONE,
      sub1: 'e2e',
      sub2: 'site',
      url: `${baseUrl()}/`,
      consent: '0',
    });
    expect(link.searchParams.get('cb')).toBeTruthy();

    // 59 minutes after the last one: still none.
    await page.clock.fastForward('59:00');
    await clickPage(page);
    expect(popunders(tabs).length).toBe(3);
    // An hour after it: a 4th.
    await page.clock.fastForward('02:00');
    await clickPage(page);
    await expect.poll(() => popunders(tabs).length).toBe(4);
    expect(got('/popunder')).toBe(before + 4);
    await page.context().close();
  });

  it("opens none when the visitor check answers other than '0'; a non-200 counts as '0'", async () => {
    check = { status: 200, body: '1' };
    const before = got('/popunder');
    const refused = await visitorHome();
    for (let i = 0; i < 2; i += 1) await clickPage(refused.page);
    expect(popunders(refused.tabs)).toHaveLength(0);
    await refused.context.close();

    check = { status: 503, body: 'busy' };
    const allowed = await visitorHome();
    await clickPage(allowed.page);
    await expect.poll(() => popunders(allowed.tabs).length).toBe(1);
    expect(got('/popunder')).toBe(before + 1);
    await allowed.context.close();
    check = { status: 200, body: '0' };
  });
});

describe('video ads and supporters', () => {
  it("plays the pre-roll for a visitor (video and embed page); a supporter's pages ask nothing of the ad host", async () => {
    const visitor = await openPage();
    await visitor.goto(videoPath);
    await expect.poll(() => got('/vast.xml')).toBeGreaterThan(0);
    await visitor
      .locator('.cutroom-player')
      .getByRole('button', { name: 'Play', exact: true })
      .first()
      .click();
    await expect.poll(() => got('/impression'), { timeout: 20_000 }).toBeGreaterThan(0);
    // The ad's call-to-action (its ClickThrough) is on the player while it plays.
    await visitor.locator('.cr-ad-cta').waitFor();
    await screenshot(visitor, 'ads-preroll.png');
    expect(got('/ad.mp4')).toBeGreaterThan(0);
    expect(got('/analytics.js')).toBeGreaterThan(0);
    expect(got('/font.css')).toBeGreaterThan(0);
    // The embed page asks for the pre-roll too.
    const asked = got('/vast.xml');
    await visitor.goto(embedPath);
    await expect.poll(() => got('/vast.xml')).toBeGreaterThan(asked);
    await visitor.context().close();

    const page = await openPage();
    await signInThroughApi(page.context(), supporter.email, supporter.password);
    const seen: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(adHost)) seen.push(request.url());
    });
    const before = adRequests.length;
    await page.goto('/');
    // The member's parts have arrived: the account menu is filled in.
    await page.getByTestId('account-menu').waitFor();
    await expect.poll(() => page.getByTestId('promo-card').count()).toBe(0);
    await page.getByTestId('page-outlet').click({ position: { x: 2, y: 8 } });
    await page.goto(videoPath);
    await page
      .locator('.cutroom-player')
      .getByRole('button', { name: 'Play', exact: true })
      .first()
      .click();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), {
        timeout: 20_000,
      })
      .toBeGreaterThan(1);
    await page.getByTestId('page-outlet').click({ position: { x: 2, y: 8 } });
    // The embed page too, once its player is made (after the member's parts answered).
    await page.goto(embedPath);
    await page
      .locator('.cutroom-player')
      .getByRole('button', { name: 'Play', exact: true })
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
    expect(adRequests.slice(before)).toEqual([]);
    expect(page.context().pages()).toHaveLength(1);
    await page.context().close();
  });
});
