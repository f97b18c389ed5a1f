import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { videos } from '../../../platform/db/schema';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { LocalStorage } from '../../../platform/storage/local-storage';
import { EMBED_MESSAGES, framingOf, mayEmbedOn, parseEmbedSites } from './embed-sites';
import { videoSettingsEndpoint } from './video-settings.endpoints';

const { db } = await createTestDatabase();
const root = mkdtempSync(join(tmpdir(), 'cutroom-embed-sites-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const media = {
  storage: new LocalStorage({ root, publicBaseUrl: '/media' }),
  queue: undefined as never,
  events: undefined as never,
  uploads: { find: async () => null, remove: async () => {} },
};
type Actor = Awaited<ReturnType<typeof createUser>>['actor'];
const call = (actor: Actor | null, body: object) =>
  dispatch(videoSettingsEndpoint, body, { ...createTestContext(db, { actor }), media });

const OWN = 'https://cutroom.example';

describe('the sites that may embed a video', () => {
  it('keeps the owner’s list as origins, refuses what is not a site naming the field, and refuses strangers', async () => {
    const owner = await createUser(db);
    const stranger = await createUser(db);
    const video = await createVideo(db, { ownerId: owner.user.id });

    const set = await call(owner.actor, {
      mode: 'SetEmbedSites',
      _id: video.id,
      sites: ['Blog.Example', 'http://localhost:8080', 'https://blog.example'],
    });
    expect(set.status).toBe(200);
    expect(set.body.video).toMatchObject({
      embedSites: ['https://blog.example', 'http://localhost:8080'],
    });

    const bad = await call(owner.actor, {
      mode: 'SetEmbedSites',
      _id: video.id,
      sites: ['javascript:alert(1)'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(EMBED_MESSAGES.badSite('javascript:alert(1)'));
    const path = await call(owner.actor, {
      mode: 'SetEmbedSites',
      _id: video.id,
      sites: ['https://blog.example/some/page'],
    });
    expect(path.status).toBe(400);
    const notList = await call(owner.actor, { mode: 'SetEmbedSites', _id: video.id, sites: 'x' });
    expect(notList.status).toBe(400);
    expect(notList.body.error).toMatch(/^sites: /);

    const refused = await call(stranger.actor, {
      mode: 'SetEmbedSites',
      _id: video.id,
      sites: [],
    });
    expect(refused.status).toBe(403);
    const [row] = await db.select().from(videos).where(eq(videos.id, video.id));
    expect(row!.embedSites).toEqual(['https://blog.example', 'http://localhost:8080']);

    // Emptied, every site may embed it again.
    await call(owner.actor, { mode: 'SetEmbedSites', _id: video.id, sites: [] });
    const [emptied] = await db.select().from(videos).where(eq(videos.id, video.id));
    expect(emptied!.embedSites).toEqual([]);
  });

  it('plays in frames of the site, of listed sites, and outside frames; not elsewhere', () => {
    const frame = (parentOrigin: string | null, siteList: string[], videoList: string[]) =>
      mayEmbedOn({ framed: true, parentOrigin, ownOrigin: OWN, siteList, videoList });
    expect(frame('https://any.example', [], [])).toBe(true);
    expect(frame(null, [], [])).toBe(true);
    expect(frame('https://blog.example', [], ['https://blog.example'])).toBe(true);
    expect(frame('https://other.example', [], ['https://blog.example'])).toBe(false);
    expect(frame(null, [], ['https://blog.example'])).toBe(false);
    expect(frame(OWN, ['https://blog.example'], ['https://else.example'])).toBe(true);
    // Both lists must allow it.
    expect(frame('https://blog.example', ['https://partner.example'], [])).toBe(false);
    expect(frame('https://partner.example', ['https://partner.example'], [])).toBe(true);
    expect(
      frame('https://partner.example', ['https://partner.example'], ['https://blog.example']),
    ).toBe(false);
    expect(
      mayEmbedOn({
        framed: false,
        parentOrigin: null,
        ownOrigin: OWN,
        siteList: [],
        videoList: ['https://blog.example'],
      }),
    ).toBe(true);
  });

  it('reads the framing from Sec-Fetch-Dest and the Referer, and EMBED_SITES as origins', () => {
    const headers = (values: Record<string, string>) => new Headers(values);
    expect(
      framingOf(headers({ 'sec-fetch-dest': 'iframe', referer: 'https://blog.example/post/1' })),
    ).toEqual({ framed: true, parentOrigin: 'https://blog.example' });
    expect(framingOf(headers({ 'sec-fetch-dest': 'document' }))).toEqual({
      framed: false,
      parentOrigin: null,
    });
    expect(framingOf(headers({ 'sec-fetch-dest': 'iframe' }))).toEqual({
      framed: true,
      parentOrigin: null,
    });
    expect(framingOf(headers({}))).toEqual({ framed: false, parentOrigin: null });
    expect(parseEmbedSites('blog.example, http://localhost:3001')).toEqual([
      'https://blog.example',
      'http://localhost:3001',
    ]);
    expect(() => parseEmbedSites('ftp://files.example')).toThrow(/not a site address/);
  });
});
