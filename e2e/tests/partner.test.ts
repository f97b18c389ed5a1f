import { METADATA } from '@cutroom/core/features/money/billing/webhook';
import { signEvent, subscriptionEvent } from '@cutroom/core/test-support/stripe-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { baseUrl, openPage, useOwnSite } from '../support/browser';
import { startSiteServer } from '../support/global-setup';
import { screenshot } from '../support/screenshots';
import { sessionCookie, uploadPublishedVideo } from '../support/videos';

// The partner section (docs/partner.md) on a server of its own with payments set up: a
// partner's premium video is refused to a member who does not subscribe (page, API and media
// files), and plays once a signed Stripe webhook says their subscription is active.

const WEBHOOK_SECRET = 'whsec_e2e_partner';
const SECTION = '/digitalfiend';

let stopSite: () => Promise<void>;
let partnerCookie = '';
let partnerAccount: { email: string; password: string };
let partnerId = '';
let videoId = '';
let fan: { username: string; email: string; password: string };
let fanCookie = '';
let fanId = '';

async function call(cookie: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function userIdOf(cookie: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/auth/get-session`, { headers: { cookie } });
  return ((await response.json()) as { user: { id: string } }).user.id;
}

beforeAll(async () => {
  const adminName = `padmin${Date.now().toString(36)}`;
  const site = await startSiteServer({
    RATE_LIMIT_SIGN_IN_MAX: '10000',
    RATE_LIMIT_REGISTER_MAX: '10000',
    ADMIN_EMAILS: `${adminName}@example.test`,
    STRIPE_SECRET_KEY: 'sk_test_e2e_partner',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  stopSite = site.stop;
  useOwnSite(site);
  const [admin, partner, member] = await Promise.all([
    createVerifiedUser({ username: adminName }),
    createVerifiedUser(),
    createVerifiedUser(),
  ]);
  fan = member;
  partnerAccount = partner;
  const adminCookie = await sessionCookie(admin.email, admin.password);
  const made = await call(adminCookie, '/api/v2/partner', {
    mode: 'CreatePartner',
    username: partner.username,
    name: 'Digital Fiend',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  partnerId = String(made.body.id);
  partnerCookie = await sessionCookie(partner.email, partner.password);
  const video = await uploadPublishedVideo(partnerCookie, {
    title: 'Premium pattern',
    username: partner.username,
    seconds: 3,
  });
  videoId = video.id;
  const added = await call(partnerCookie, '/api/v2/partner', {
    mode: 'AddToChannel',
    videoId,
    isPremium: true,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  fanCookie = await sessionCookie(fan.email, fan.password);
  fanId = await userIdOf(fanCookie);
}, 240_000);

afterAll(async () => {
  await stopSite?.();
});

describe('a partner channel premium video', () => {
  it('is refused to a member who does not subscribe, and plays once they do', async () => {
    // The partner itself gets the media address; nobody else does.
    const own = await call(partnerCookie, '/api/v2/partner', { mode: 'Play', videoId });
    expect(own.status).toBe(200);
    const playlist = `${baseUrl()}${String(own.body.masterPlaylistUrl)}`;
    expect((await fetch(playlist, { headers: { cookie: partnerCookie } })).status).toBe(200);

    const refused = await call(fanCookie, '/api/v2/partner', { mode: 'Play', videoId });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('.m3u8');
    expect((await fetch(playlist, { headers: { cookie: fanCookie } })).status).toBe(403);
    expect((await fetch(playlist)).status).toBe(403);

    const page = await openPage({ viewport: { width: 1280, height: 800 } });
    await signInThroughApi(page.context(), fan.email, fan.password);
    await page.goto(`${SECTION}/video/${videoId}`);
    await expect.poll(() => page.getByTestId('premium-gate').isVisible()).toBe(true);
    expect(await page.getByTestId('premium-gate').textContent()).toContain('Subscribe');
    expect(await page.locator('video').count()).toBe(0);
    expect(await page.content()).not.toContain('.m3u8');
    await screenshot(page, 'partner-premium-refused.png');
    // On a phone the video (here its gate) comes first, under the top bar, as on the site's
    // watch page: the channel's links, the promotions and the category strip after it.
    await page.setViewportSize({ width: 390, height: 844 });
    const gate = (await page.getByTestId('premium-gate').boundingBox())!;
    expect(gate.y).toBeLessThan(100);
    const channelLinks = page.getByRole('navigation', { name: / channel$/ });
    for (const after of [page.locator('.shell-lead'), channelLinks]) {
      expect((await after.boundingBox())!.y).toBeGreaterThanOrEqual(gate.y + gate.height);
    }
    await screenshot(page, 'partner-premium-refused-390.png');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Stripe says the member's subscription to the channel is active (a signed webhook).
    const event = subscriptionEvent(
      'customer.subscription.created',
      Math.floor(Date.now() / 1000),
      {
        id: `sub_e2e${Date.now().toString(36)}`,
        customer: 'cus_e2e_partner',
        status: 'active',
        priceId: 'price_e2e_partner',
        metadata: {
          [METADATA.kind]: 'partner',
          [METADATA.target]: partnerId,
          [METADATA.user]: fanId,
        },
      },
    );
    const { body, signature } = signEvent(event, WEBHOOK_SECRET);
    const delivered = await fetch(`${baseUrl()}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    expect(delivered.status, await delivered.text()).toBe(200);

    expect((await fetch(playlist, { headers: { cookie: fanCookie } })).status).toBe(200);
    await page.reload();
    expect(await page.getByTestId('premium-gate').count()).toBe(0);
    await page.locator('video').first().waitFor({ state: 'attached' });
    await page.evaluate(() => {
      const media = document.querySelector('video')!;
      media.muted = true;
      void media.play();
    });
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0.5);
    await screenshot(page, 'partner-premium-playing.png');

    await page.goto(`${SECTION}/subscriptions`);
    await expect
      .poll(() => page.getByTestId('partner-subscriptions').textContent())
      .toContain('Active');
    await page.context().close();
  }, 120_000);

  it("shows the partner the channel's subscriber in /padmin", async () => {
    const page = await openPage({ viewport: { width: 1280, height: 900 } });
    await signInThroughApi(page.context(), partnerAccount.email, partnerAccount.password);
    await page.goto('/padmin');
    await expect
      .poll(() => page.getByTestId('padmin-subscriber-count').textContent())
      .toContain('1 paying now');
    await screenshot(page, 'partner-padmin.png', { fullPage: true });
    await page.goto(SECTION);
    await page.getByTestId('partner-home').waitFor();
    await screenshot(page, 'partner-channel.png');
    await page.context().close();
  });
});
