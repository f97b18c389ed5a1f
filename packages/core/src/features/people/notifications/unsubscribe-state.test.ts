import { describe, expect, it } from 'vitest';
import { createUser } from '../../../../test-support/factories';
import { createTestDatabase } from '../../../../test-support/test-db';
import {
  readUnsubscribeToken,
  unsubscribeByToken,
  unsubscribeToken,
} from './notifications.service';
import { isUnsubscribed } from './unsubscribe-state';

const { db } = await createTestDatabase();
const SECRET = 'a-test-secret-that-is-at-least-32-characters-long';

describe('an unsubscribe link followed before', () => {
  it('is known as done for its kind, and for the digest once nothing is sent in it', async () => {
    const { user } = await createUser(db);
    const kindToken = unsubscribeToken(SECRET, user.id, 'ticket_answer');
    const digestToken = unsubscribeToken(SECRET, user.id, 'digest');
    const kindLink = readUnsubscribeToken(SECRET, kindToken)!;
    const digestLink = readUnsubscribeToken(SECRET, digestToken)!;
    // Ticket answers come at once and messages in the digest by default.
    expect(await isUnsubscribed(db, kindLink)).toBe(false);
    expect(await isUnsubscribed(db, digestLink)).toBe(false);

    await unsubscribeByToken({ db, now: () => new Date() }, SECRET, kindToken);
    expect(await isUnsubscribed(db, kindLink)).toBe(true);
    expect(await isUnsubscribed(db, digestLink)).toBe(false);

    await unsubscribeByToken({ db, now: () => new Date() }, SECRET, digestToken);
    expect(await isUnsubscribed(db, digestLink)).toBe(true);
    // Another member's link is theirs alone.
    const other = await createUser(db);
    const otherLink = readUnsubscribeToken(
      SECRET,
      unsubscribeToken(SECRET, other.user.id, 'ticket_answer'),
    )!;
    expect(await isUnsubscribed(db, otherLink)).toBe(false);
  });
});
