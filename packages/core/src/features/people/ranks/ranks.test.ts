import { describe, expect, it } from 'vitest';
import { createUser } from '../../../../test-support/factories';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { listRankHolders, ranksOf } from './ranks.service';

const { db } = await createTestDatabase();

describe('ranks', () => {
  it('gives role ranks and the highest uploader milestone reached', () => {
    expect(ranksOf({ role: 'moderator,tagger', isSupporter: true }, 12)).toEqual([
      { name: 'Moderator' },
      { name: 'Tagger' },
      { name: 'Supporter' },
      { name: 'Prolific uploader' },
    ]);
    expect(ranksOf({ role: 'user', isSupporter: false }, 0)).toEqual([]);
    expect(ranksOf({ role: 'admin', isSupporter: false }, 100)).toEqual([
      { name: 'Admin' },
      { name: 'Legendary uploader' },
    ]);
  });

  it('lists who holds each rank, leaving out disabled and unverified accounts', async () => {
    const { user: admin } = await createUser(db, { role: 'admin', username: 'rank_admin' });
    await createUser(db, { role: 'admin', username: 'rank_banned', banned: true });
    await createUser(db, { isSupporter: true, username: 'rank_fan' });
    await createUser(db, { isSupporter: true, username: 'rank_new', emailVerified: false });
    const { user: busy } = await createUser(db, { username: 'rank_busy' });
    for (let i = 0; i < 10; i++) await createVideo(db, { ownerId: busy.id });
    await createVideo(db, { ownerId: admin.id });
    await createVideo(db, { ownerId: admin.id, status: 'processing' });
    const ranks = Object.fromEntries(
      (await listRankHolders(db)).map((rank) => [rank.name, rank.holders]),
    );
    expect(ranks.Admin).toEqual(['rank_admin']);
    expect(ranks.Supporter).toEqual(['rank_fan']);
    expect(ranks['Prolific uploader']).toEqual(['rank_busy']);
    expect(ranks.Uploader).toEqual(['rank_admin']);
    expect(ranks['Veteran uploader']).toEqual([]);
  });
});
