import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import {
  labelChanges,
  notifications,
  reports,
  staffActions,
  videoLabels,
} from '../../../platform/db/schema';
import { actorOf, createUser, reloadUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { countOpenApplications } from './applications.service';
import { countContributeFigures } from './contribute.service';
import { listTaggerCounts } from './tagger.service';
import { taggingEndpoint } from './tagging.endpoints';

const { db } = await createTestDatabase();

const call = (actor: Actor | null, body: object) =>
  dispatch(taggingEndpoint, body, createTestContext(db, { actor }));

const APPLICATION = {
  motivation: 'I watch a lot of PMVs and know most of the music and the stars in them.',
  sampleTags: 'For /video/abc: tags dance, neon; music Daft Punk - One More Time; star Jane Doe',
};

async function labelsOf(videoId: string) {
  const rows = await db.select().from(videoLabels).where(eq(videoLabels.videoId, videoId));
  return rows.map((row) => `${row.kind}:${row.name}`).sort();
}

describe('tagger applications', () => {
  it('a member applies once; staff accept, the role comes through the role change path and the member is told', async () => {
    const { actor, user } = await createUser(db);
    const staff = await createUser(db, { role: 'moderator' });
    const waitingBefore = await countOpenApplications(db);
    expect((await call(actor, { mode: 'Apply', ...APPLICATION })).status).toBe(201);
    expect(await countOpenApplications(db)).toBe(waitingBefore + 1);
    const again = await call(actor, { mode: 'Apply', ...APPLICATION });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Your application is already waiting for staff');
    const short = await call(actor, { mode: 'Apply', motivation: 'Me', sampleTags: 'x' });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatch(/^motivation: /);

    const mine = await call(actor, { mode: 'MyApplication' });
    expect(mine.body).toMatchObject({ isTagger: false, application: { state: 'open' } });
    const list = await call(staff.actor, { mode: 'Applications', state: 'open' });
    const waiting = (list.body.data as { id: number; username: string }[]).find(
      (entry) => entry.username === user.username,
    )!;
    expect(waiting).toBeTruthy();
    // Members cannot decide; a decline needs a reason.
    expect((await call(actor, { mode: 'Decide', id: waiting.id, decision: 'accept' })).status).toBe(
      403,
    );
    const noReason = await call(staff.actor, {
      mode: 'Decide',
      id: waiting.id,
      decision: 'decline',
    });
    expect(noReason.status).toBe(400);

    const accepted = await call(staff.actor, {
      mode: 'Decide',
      id: waiting.id,
      decision: 'accept',
      reason: 'Welcome',
    });
    expect(accepted.body).toMatchObject({ id: waiting.id, state: 'accepted' });
    expect((await reloadUser(db, user.id))!.role).toBe('tagger');
    expect(await countOpenApplications(db)).toBe(waitingBefore);
    const logged = await db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetId, user.id), eq(staffActions.action, 'set_roles')));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.reason).toContain('user → tagger');
    const told = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      kind: 'tagging_decision',
      targetPath: '/tagging/apply',
      emailMode: 'immediate',
    });
    const twice = await call(staff.actor, { mode: 'Decide', id: waiting.id, decision: 'accept' });
    expect(twice.status).toBe(409);
    // A tagger need not apply again.
    const tagger = actorOf((await reloadUser(db, user.id))!);
    expect((await call(tagger, { mode: 'Apply', ...APPLICATION })).status).toBe(409);
  });

  it('a declined member is told the reason and may apply again', async () => {
    const { actor, user } = await createUser(db);
    const staff = await createUser(db, { role: 'moderator' });
    const applied = await call(actor, { mode: 'Apply', ...APPLICATION });
    const declined = await call(staff.actor, {
      mode: 'Decide',
      id: applied.body.id,
      decision: 'decline',
      reason: 'Give real examples from this site',
    });
    expect(declined.body.state).toBe('declined');
    expect((await reloadUser(db, user.id))!.role).toBe('user');
    const [told] = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told!.targetTitle).toBe('declined (Give real examples from this site)');
    const mine = await call(actor, { mode: 'MyApplication' });
    expect(mine.body).toMatchObject({
      application: { state: 'declined', decisionReason: 'Give real examples from this site' },
    });
    expect((await call(actor, { mode: 'Apply', ...APPLICATION })).status).toBe(201);
  });
});

describe('the tagger queue and label changes', () => {
  it('queues disputed, reported and few-labelled videos; well-labelled ones stay out', async () => {
    const owner = await createUser(db);
    const tagger = await createUser(db, { role: 'tagger' });
    const bare = await createVideo(db, { ownerId: owner.user.id });
    const full = await createVideo(db, {
      ownerId: owner.user.id,
      labels: { tag: ['a', 'b'], star: ['c'] },
    });
    const reported = await createVideo(db, {
      ownerId: owner.user.id,
      labels: { tag: ['x', 'y', 'z'] },
    });
    const unpublished = await createVideo(db, {
      ownerId: owner.user.id,
      status: 'unpublished_user',
    });
    // Two labels and two flags: the category and flags are not labels, so it still waits.
    const two = await createVideo(db, {
      ownerId: owner.user.id,
      isExplicit: true,
      hasSeizureWarning: true,
      labels: { tag: ['one'], music: ['Artist - Song'] },
    });
    await db.insert(reports).values({
      id: `r${reported.id}`,
      reporterId: tagger.user.id,
      targetKind: 'video',
      targetId: reported.id,
      videoId: reported.id,
      reason: 'wrong-labels',
    });
    const flagged = await createVideo(db, {
      ownerId: owner.user.id,
      labels: { tag: ['p', 'q', 'r'] },
    });
    expect(
      (await call(tagger.actor, { mode: 'Flag', videoId: flagged.id, reason: 'Not a PMV' })).status,
    ).toBe(200);

    const queue = await call(tagger.actor, { mode: 'Queue' });
    const items = queue.body.data as { id: string; reason: string; detail: string }[];
    const reasonOf = (id: string) => items.find((item) => item.id === id)?.reason;
    expect(reasonOf(bare.id)).toBe('few_labels');
    expect(reasonOf(reported.id)).toBe('reported');
    expect(reasonOf(flagged.id)).toBe('disputed');
    expect(reasonOf(full.id)).toBeUndefined();
    expect(items.find((item) => item.id === two.id)).toMatchObject({
      reason: 'few_labels',
      detail: 'Only 2 labels',
    });
    expect(items.find((item) => item.id === bare.id)?.detail).toBe('No labels yet');
    expect(reasonOf(unpublished.id)).toBeUndefined();
    expect(items.findIndex((item) => item.id === flagged.id)).toBeLessThan(
      items.findIndex((item) => item.id === bare.id),
    );
    // Members without the tag right are refused.
    expect((await call(owner.actor, { mode: 'Queue' })).status).toBe(403);
    expect((await call(null, { mode: 'Queue' })).status).toBe(401);

    expect((await call(tagger.actor, { mode: 'Settle', videoId: flagged.id })).status).toBe(200);
    const after = (await call(tagger.actor, { mode: 'Queue' })).body.data as { id: string }[];
    expect(after.some((item) => item.id === flagged.id)).toBe(false);
  });

  it('logs each change with who made it, and staff revert it', async () => {
    const owner = await createUser(db);
    const tagger = await createUser(db, { role: 'tagger' });
    const staff = await createUser(db, { role: 'moderator' });
    const video = await createVideo(db, { ownerId: owner.user.id, labels: { tag: ['old'] } });
    const added = await call(tagger.actor, {
      mode: 'AddLabel',
      videoId: video.id,
      kind: 'music',
      name: 'Daft Punk - One More Time',
    });
    expect(added.status).toBe(200);
    expect((added.body.labels as { music: string[] }).music).toEqual(['Daft Punk - One More Time']);
    const same = await call(tagger.actor, {
      mode: 'AddLabel',
      videoId: video.id,
      kind: 'music',
      name: 'daft punk - one more time',
    });
    expect(same.status).toBe(409);
    const removed = await call(tagger.actor, {
      mode: 'RemoveLabel',
      videoId: video.id,
      kind: 'tag',
      name: 'OLD',
    });
    expect(removed.status).toBe(200);
    expect(await labelsOf(video.id)).toEqual(['music:Daft Punk - One More Time']);
    // Only taggers and staff change labels this way.
    const refused = await call(owner.actor, {
      mode: 'AddLabel',
      videoId: video.id,
      kind: 'tag',
      name: 'mine',
    });
    expect(refused.status).toBe(403);

    const log = await call(staff.actor, { mode: 'Changes', videoId: video.id });
    const entries = log.body.data as { id: number; action: string; name: string; tagger: string }[];
    expect(entries.map((entry) => `${entry.action} ${entry.name}`)).toEqual([
      'removed old',
      'added Daft Punk - One More Time',
    ]);
    expect(entries.every((entry) => entry.tagger === tagger.user.username)).toBe(true);
    expect((await call(tagger.actor, { mode: 'Changes' })).status).toBe(403);

    // Reverting the addition takes the label off; reverting the removal puts it back.
    await call(staff.actor, { mode: 'Revert', id: entries[1]!.id, reason: 'Wrong song' });
    const reverted = await call(staff.actor, { mode: 'Revert', id: entries[0]!.id });
    expect(reverted.body.labels).toMatchObject({ tag: ['old'], music: [] });
    expect(await labelsOf(video.id)).toEqual(['tag:old']);
    expect((await call(staff.actor, { mode: 'Revert', id: entries[0]!.id })).status).toBe(409);
    const [row] = await db.select().from(labelChanges).where(eq(labelChanges.id, entries[1]!.id));
    expect(row!.revertedByUsername).toBe(staff.user.username);
    const logged = await db
      .select()
      .from(staffActions)
      .where(
        and(eq(staffActions.targetId, video.id), eq(staffActions.action, 'revert_label_change')),
      );
    expect(logged.map((entry) => entry.reason).sort()).toEqual([
      `${tagger.user.username} added the music “Daft Punk - One More Time”: Wrong song`,
      `${tagger.user.username} removed the tag “old”`,
    ]);
    // Reverted changes do not count for the tagger.
    const counts = await listTaggerCounts(db);
    expect(counts.find((entry) => entry.username === tagger.user.username)).toBeUndefined();
  });

  it('opens a dispute when a tagger undoes another member’s change, and counts standing changes', async () => {
    const owner = await createUser(db);
    const first = await createUser(db, { role: 'tagger' });
    const second = await createUser(db, { role: 'tagger' });
    const video = await createVideo(db, {
      ownerId: owner.user.id,
      labels: { tag: ['a', 'b', 'c'] },
    });
    const change = { videoId: video.id, kind: 'star', name: 'Jane Doe' };
    await call(first.actor, { mode: 'AddLabel', ...change });
    let queue = (await call(first.actor, { mode: 'Queue' })).body.data as { id: string }[];
    expect(queue.some((item) => item.id === video.id)).toBe(false);
    await call(second.actor, { mode: 'RemoveLabel', ...change });
    queue = (await call(first.actor, { mode: 'Queue' })).body.data as { id: string }[];
    const item = queue.find((entry) => entry.id === video.id) as
      { reason: string; detail: string } | undefined;
    expect(item).toMatchObject({
      reason: 'disputed',
      detail: `${second.user.username} took off the star “Jane Doe” that ${first.user.username} added`,
    });
    const counts = await listTaggerCounts(db);
    expect(counts.find((entry) => entry.username === first.user.username)?.changes).toBe(1);
    expect(counts.find((entry) => entry.username === second.user.username)?.changes).toBe(1);
  });

  it('counts the figures of /contribute', async () => {
    const owner = await createUser(db);
    await createUser(db, { role: 'tagger', isSupporter: true });
    await createVideo(db, { ownerId: owner.user.id });
    const figures = await countContributeFigures({ db, now: () => new Date() });
    expect(figures.videosNeedingLabels).toBeGreaterThan(0);
    expect(figures.taggers).toBeGreaterThan(0);
    expect(figures.supporters).toBeGreaterThan(0);
    expect(figures.labelChangesThisWeek).toBeGreaterThan(0);
    const answer = await call(null, { mode: 'Figures' });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveProperty('openReports');
  });
});
