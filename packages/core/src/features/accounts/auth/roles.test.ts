import { describe, expect, it } from 'vitest';
import { createUser } from '../../../../test-support/factories';
import { createTestDatabase } from '../../../../test-support/test-db';
import { hasRole, rolesOf } from '../../../access/rights';
import { parseAdminEmails, promoteAdminEmails } from './roles.service';
import { runUserCommand } from './user-command';

const { db } = await createTestDatabase();
/** A command's call: the system clock. */
const command = { db, now: () => new Date() };

describe('npm run user', () => {
  it('grants and revokes roles, keeping several at once', async () => {
    const { user } = await createUser(db, { email: 'Mod@Example.org' });
    expect(await runUserCommand(command, ['grant', 'mod@example.org', 'moderator'])).toContain(
      'roles: moderator',
    );
    const both = await runUserCommand(command, ['grant', user.email, 'tagger']);
    expect(both).toContain('roles: moderator, tagger');
    expect(await runUserCommand(command, ['revoke', user.email, 'moderator'])).toContain(
      'roles: tagger',
    );
    expect(await runUserCommand(command, ['revoke', user.email, 'tagger'])).toContain(
      'roles: user',
    );
  });

  it('disables and enables an account and sets the supporter flag', async () => {
    const { user } = await createUser(db);
    expect(await runUserCommand(command, ['disable', user.email, 'spam', 'links'])).toContain(
      'disabled: yes',
    );
    expect(await runUserCommand(command, ['enable', user.email])).toContain('disabled: no');
    expect(await runUserCommand(command, ['supporter', user.email, 'on'])).toContain(
      'supporter: yes',
    );
    expect(await runUserCommand(command, ['show', user.email])).toContain(user.username);
  });

  it.each([
    [[], /Usage: npm run user/],
    [['grant', 'x@example.org'], /grant needs a role/],
    [['grant', 'nobody@example.org', 'admin'], /No account has the e-mail address/],
    [['frobnicate', 'x@example.org'], /Unknown command "frobnicate"/],
    [['supporter', 'x@example.org', 'maybe'], /supporter needs on or off/],
  ])('explains what is wrong with %j', async (args, message) => {
    await expect(runUserCommand(command, args)).rejects.toThrow(message);
  });

  it('refuses an unknown role', async () => {
    const { user } = await createUser(db);
    await expect(runUserCommand(command, ['grant', user.email, 'overlord'])).rejects.toThrow(
      'Unknown role "overlord": use one of user, moderator, tagger, partner, admin',
    );
  });
});

describe('roles', () => {
  it('reads a comma-separated role list', () => {
    expect(rolesOf({ role: 'moderator,tagger' })).toEqual(['moderator', 'tagger']);
    expect(rolesOf({ role: 'user' })).toEqual(['user']);
    expect(hasRole({ role: 'admin' }, 'admin')).toBe(true);
    expect(hasRole({ role: 'moderator' }, 'admin')).toBe(false);
    expect(hasRole({ role: 'moderator' }, 'user')).toBe(true);
    expect(hasRole(null, 'user')).toBe(false);
  });

  it('makes verified ADMIN_EMAILS accounts admins, and nobody else', async () => {
    await createUser(db, { email: 'first@example.org' });
    await createUser(db, { email: 'unverified@example.org', emailVerified: false });
    const emails = parseAdminEmails(
      ' First@example.org, unverified@example.org ,,missing@example.org',
    );
    expect(emails).toEqual(['first@example.org', 'unverified@example.org', 'missing@example.org']);
    expect(await promoteAdminEmails(command, emails)).toEqual(['first@example.org']);
    expect(await promoteAdminEmails(command, emails)).toEqual([]);
  });
});
