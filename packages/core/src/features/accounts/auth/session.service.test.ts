import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../../platform/db/schema';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createUser } from '../../../../test-support/factories';
import { resolveActor } from './session.service';
import { createAuthHarness } from '../../../../test-support/accounts/auth-harness';

const { db } = await createTestDatabase();
const { auth, signIn } = await createAuthHarness(db);

let ip = 10;
async function signedInMember() {
  const { user, password } = await createUser(db);
  const { cookie } = await signIn(user.email, password, `192.0.2.${ip++}`);
  expect(cookie).toContain('cutroom.session_token=');
  return { user, cookie };
}

/** The cookie header with the session cookie's value replaced. */
function withSessionValue(cookie: string, change: (value: string) => string): string {
  return cookie.replace(/(cutroom\.session_token=)([^;]+)/, (_, name: string, value: string) => {
    return name + encodeURIComponent(change(decodeURIComponent(value)));
  });
}

describe("a session cookie's member (the site's own lookup)", () => {
  it('finds the member of a signed session cookie', async () => {
    const { user, cookie } = await signedInMember();
    const actor = await resolveActor(auth, db, new Headers({ cookie }));
    expect(actor).toMatchObject({ id: user.id, username: user.username, emailVerified: true });
  });

  it('refuses a session token with a forged or missing signature', async () => {
    const { cookie } = await signedInMember();
    const forged = withSessionValue(cookie, (value) => {
      const dot = value.lastIndexOf('.');
      const signature = value.slice(dot + 1);
      const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
      return `${value.slice(0, dot)}.${flipped}`;
    });
    const unsigned = withSessionValue(cookie, (value) => value.slice(0, value.lastIndexOf('.')));
    const otherToken = withSessionValue(cookie, (value) => `x${value}`);
    for (const bad of [forged, unsigned, otherToken]) {
      expect(await resolveActor(auth, db, new Headers({ cookie: bad }))).toBeNull();
    }
  });

  it('refuses an expired or signed-out session', async () => {
    const { user, cookie } = await signedInMember();
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect(await resolveActor(auth, db, new Headers({ cookie }))).toBeNull();

    const second = await signedInMember();
    await db.delete(sessions).where(eq(sessions.userId, second.user.id));
    expect(await resolveActor(auth, db, new Headers({ cookie: second.cookie }))).toBeNull();
  });

  it('hands a session due for extension to better-auth, which extends it', async () => {
    const { user, cookie } = await signedInMember();
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await db
      .update(sessions)
      .set({ updatedAt: twoDaysAgo, expiresAt: soon })
      .where(eq(sessions.userId, user.id));
    expect((await resolveActor(auth, db, new Headers({ cookie })))?.id).toBe(user.id);
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(soon.getTime());
    expect(session!.updatedAt.getTime()).toBeGreaterThan(twoDaysAgo.getTime());
  });
});
