import { beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { createUser } from '../../../../test-support/factories';
import { createTestContext, testConfig } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { partnerEndpoint } from './partner.endpoints';
import {
  addToChannel,
  createPartner,
  listChannelVideos,
  listEarnings,
  listSubscribers,
  mayFetchMedia,
  recordPayment,
  recordSubscription,
  setChannelVideoPublished,
  type Partner,
} from './partner.service';

const { db } = await createTestDatabase();
const now = new Date('2026-01-10T12:00:00Z');

let partner: Partner;
let owner: Awaited<ReturnType<typeof createUser>>;
let fan: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;
let moderator: Awaited<ReturnType<typeof createUser>>;
let freeId: string;
let premiumId: string;

beforeAll(async () => {
  owner = await createUser(db);
  fan = await createUser(db);
  stranger = await createUser(db);
  moderator = await createUser(db, { role: 'moderator' });
  partner = await createPartner(
    { db, now: () => now },
    { username: owner.user.username, slug: testConfig.PARTNER_SLUG, name: 'Digital Fiend' },
  );
  // The role was given in the database: the actor seen on the next request holds it.
  owner.actor = { ...owner.actor, role: 'partner' };
  const free = await createVideo(db, { ownerId: owner.user.id, title: 'Free one', views: 5 });
  const premium = await createVideo(db, { ownerId: owner.user.id, title: 'Paid one', views: 9 });
  freeId = free.id;
  premiumId = premium.id;
  await addToChannel(db, partner, freeId, false);
  await addToChannel(db, partner, premiumId, true);
});

describe('the partner channel', () => {
  it('refuses a second partner for the same channel, naming the field', async () => {
    await expect(
      createPartner(
        { db, now: () => now },
        { username: stranger.user.username, slug: partner.slug, name: 'x' },
      ),
    ).rejects.toThrow(/^slug:/);
  });

  it('lists the channel newest or most viewed first, with the premium flag', async () => {
    const popular = await listChannelVideos(db, partner.id, {
      order: 'popular',
      index: 0,
      pageSize: 10,
    });
    expect(popular.data.map((video) => [video.id, video.isPremium])).toEqual([
      [premiumId, true],
      [freeId, false],
    ]);
    expect(popular.count).toBe(2);
  });

  it('plays a premium video only for active subscribers, the partner and staff', async () => {
    expect(await mayFetchMedia({ db, actor: null }, freeId)).toBe(true);
    expect(await mayFetchMedia({ db, actor: null }, premiumId)).toBe(false);
    expect(await mayFetchMedia({ db, actor: stranger.actor }, premiumId)).toBe(false);
    expect(await mayFetchMedia({ db, actor: fan.actor }, premiumId)).toBe(false);
    expect(await mayFetchMedia({ db, actor: owner.actor }, premiumId)).toBe(true);
    expect(await mayFetchMedia({ db, actor: moderator.actor }, premiumId)).toBe(true);

    await recordSubscription(
      { db, now: () => now },
      { partnerId: partner.id, userId: fan.user.id, status: 'active', stripeCustomerId: 'cus_1' },
    );
    expect(await mayFetchMedia({ db, actor: fan.actor }, premiumId)).toBe(true);
    // A later event without the customer keeps the one recorded; a cancelled one closes access.
    await recordSubscription(
      { db, now: () => now },
      { partnerId: partner.id, userId: fan.user.id, status: 'canceled' },
    );
    expect(await mayFetchMedia({ db, actor: fan.actor }, premiumId)).toBe(false);
    await recordSubscription(
      { db, now: () => now },
      { partnerId: partner.id, userId: fan.user.id, status: 'active' },
    );
    expect(await mayFetchMedia({ db, actor: fan.actor }, premiumId)).toBe(true);
    const subscribers = await listSubscribers(db, partner.id);
    expect(subscribers).toMatchObject({ active: 1, total: 1 });
    expect(subscribers.recent[0]?.username).toBe(fan.user.username);
  });

  it('answers Play with media only to those let in', async () => {
    const media = { storage: { publicUrl: (key: string) => `/media/${key}` } };
    const play = (actor: typeof fan.actor | null) =>
      dispatch(
        partnerEndpoint,
        { mode: 'Play', videoId: premiumId },
        { ...createTestContext(db, { actor }), media: media as never },
      );
    const refused = await play(stranger.actor);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('/media/');
    expect((await play(null)).status).toBe(401);
    // The factory's video has no renditions: let in, but nothing to play yet.
    expect((await play(fan.actor)).status).toBe(409);
  });

  it('counts each paid invoice once in the earnings', async () => {
    const payment = {
      invoiceId: 'in_1',
      partnerId: partner.id,
      userId: fan.user.id,
      amountCents: 999,
      currency: 'USD',
      paidAt: now,
    };
    expect(await recordPayment(db, payment)).toBe(true);
    expect(await recordPayment(db, payment)).toBe(false);
    await recordPayment(db, { ...payment, invoiceId: 'in_2', amountCents: 1000 });
    const earnings = await listEarnings(db, partner.id);
    expect(earnings.totals).toEqual([{ currency: 'usd', amountCents: 1999, invoices: 2 }]);
    expect(earnings.recent).toHaveLength(2);
  });

  it('lets only the channel partner manage it, with the field named on bad input', async () => {
    const call = (actor: typeof fan.actor | null, body: Record<string, unknown>) =>
      dispatch(partnerEndpoint, body, createTestContext(db, { actor }));
    const other = await createUser(db, { role: 'partner' });
    expect(
      (await call(other.actor, { mode: 'SetPremium', videoId: freeId, isPremium: true })).status,
    ).toBe(403);
    expect(
      (await call(owner.actor, { mode: 'SetPremium', videoId: freeId, isPremium: true })).status,
    ).toBe(200);
    const bad = await call(owner.actor, {
      mode: 'SetPrice',
      stripePriceId: 'not a price',
      priceCents: 500,
      currency: 'usd',
    });
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toContain('stripePriceId');
    const set = await call(owner.actor, {
      mode: 'SetPrice',
      stripePriceId: 'price_123',
      priceCents: 500,
      currency: 'EUR',
    });
    expect(set.body).toMatchObject({
      stripePriceId: 'price_123',
      priceCents: 500,
      currency: 'eur',
    });
    expect(await setChannelVideoPublished({ db, now: () => now }, partner, freeId, false)).toBe(
      'unpublished_user',
    );
    const listed = await listChannelVideos(db, partner.id, {
      order: 'newest',
      index: 0,
      pageSize: 10,
    });
    expect(listed.data.map((video) => video.id)).toEqual([premiumId]);
  });
});
