import { describe, expect, it } from 'vitest';
import type { Actor } from '../kernel/endpoint';
import { isServiceError } from '../kernel/errors/service-error';
import { can, requireRight, rightsOf, RIGHTS, RIGHTS_OF } from './rights';

const member = (role: string, extra: Partial<Actor> = {}): Actor => ({
  id: 'u1',
  username: 'someone',
  role,
  emailVerified: true,
  isSupporter: false,
  ...extra,
});

function refusalOf(run: () => unknown): { status: number; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { status: error.status, message: error.message };
  }
}

describe('the rights table', () => {
  it('names only known rights, and every right is held by someone', () => {
    const held = new Set(Object.values(RIGHTS_OF).flat());
    expect([...held].every((right) => (RIGHTS as readonly string[]).includes(right))).toBe(true);
    expect(RIGHTS.filter((right) => !held.has(right))).toEqual([]);
  });

  it('keeps admin for an admin who is also made moderator (roles are a list)', () => {
    for (const role of ['admin,moderator', 'moderator,admin', 'tagger, admin']) {
      expect(can(member(role), 'administer')).toBe(true);
      expect(can(member(role), 'moderate')).toBe(true);
    }
    expect(can(member('moderator'), 'administer')).toBe(false);
    expect(can(member('moderator,tagger'), 'moderate')).toBe(true);
  });

  it('gives a visitor only the view right, and an unverified account no more', () => {
    expect([...rightsOf(null)]).toEqual(['view']);
    expect([...rightsOf(member('admin', { emailVerified: false }))]).toEqual(['view']);
  });

  it('gives every member the member rights, supporters the ad-free right', () => {
    expect(can(member('user'), 'participate')).toBe(true);
    expect(can(member('tagger'), 'upload')).toBe(true);
    expect(can(member('user'), 'adFree')).toBe(false);
    expect(can(member('user', { isSupporter: true }), 'adFree')).toBe(true);
    expect(can(member('nonsense'), 'participate')).toBe(true);
    expect(can(member('nonsense'), 'moderate')).toBe(false);
  });
});

describe('requireRight', () => {
  it('asks a visitor to sign in (401), in the words an endpoint chose', () => {
    expect(refusalOf(() => requireRight(null, 'participate'))).toEqual({
      status: 401,
      message: 'Please sign in first',
    });
    expect(
      refusalOf(() => requireRight(null, 'participate', { signIn: 'Not authenticated' })),
    ).toMatchObject({ status: 401, message: 'Not authenticated' });
  });

  it('asks a visitor to sign in for staff calls (401) and refuses members with 403', () => {
    expect(refusalOf(() => requireRight(null, 'administer'))).toEqual({
      status: 401,
      message: 'Please sign in first',
    });
    expect(refusalOf(() => requireRight(null, 'moderate'))?.status).toBe(401);
    expect(refusalOf(() => requireRight(member('moderator'), 'administer'))?.status).toBe(403);
    expect(refusalOf(() => requireRight(member('user'), 'moderate'))?.status).toBe(403);
  });

  it('asks an unverified account to verify (403)', () => {
    expect(
      refusalOf(() => requireRight(member('user', { emailVerified: false }), 'upload')),
    ).toMatchObject({ status: 403, message: expect.stringContaining("email isn't verified") });
  });

  it('answers the actor when the right is held', () => {
    const admin = member('moderator,admin');
    expect(requireRight(admin, 'administer')).toBe(admin);
    expect(requireRight(null, 'view')).toBeNull();
  });
});
