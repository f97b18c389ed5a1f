import { ServiceError } from '../../../kernel/errors/service-error';
import { ROLES } from '../../../platform/db/schema';
import type { Call } from '../../../access/call';
import {
  disableAccount,
  enableAccount,
  grantRole,
  revokeRole,
  setSupporter,
} from './roles.service';
import { rolesOf } from '../../../access/rights';
import { findUserByEmail } from './registration.service';

export const USER_COMMAND_USAGE = `Usage: npm run user -- <command> <email> [argument]

  grant <email> <role>       give a role (${ROLES.join(', ')})
  revoke <email> <role>      take a role back
  disable <email> [reason]   disable the account: sign-in refused, open sessions end now
  enable <email>             enable it again
  supporter <email> on|off   set or clear the supporter flag
  show <email>               print the account's roles and flags`;

function describe(user: {
  username: string;
  email: string;
  role: string;
  banned: boolean;
  isSupporter: boolean;
  emailVerified: boolean;
}) {
  return [
    `${user.username} <${user.email}>`,
    `roles: ${rolesOf(user).join(', ')}`,
    `supporter: ${user.isSupporter ? 'yes' : 'no'}`,
    `verified: ${user.emailVerified ? 'yes' : 'no'}`,
    `disabled: ${user.banned ? 'yes' : 'no'}`,
  ].join('\n');
}

/**
 * Runs one `npm run user` command; answers what to print. A wrong command or an unknown
 * address throws a ServiceError whose message says what is wrong.
 */
export async function runUserCommand(
  ctx: Pick<Call, 'db' | 'now'>,
  args: string[],
): Promise<string> {
  const { db } = ctx;
  const [command, email, ...rest] = args;
  if (!command || !email || command === 'help') {
    throw new ServiceError('invalid', USER_COMMAND_USAGE);
  }
  switch (command) {
    case 'grant':
    case 'revoke': {
      const role = rest[0];
      if (!role) throw new ServiceError('invalid', `${command} needs a role: ${ROLES.join(', ')}`);
      const user =
        command === 'grant'
          ? await grantRole(ctx, email, role)
          : await revokeRole(ctx, email, role);
      return describe(user);
    }
    case 'disable':
      return describe(await disableAccount(ctx, email, rest.join(' ') || undefined));
    case 'enable':
      return describe(await enableAccount(ctx, email));
    case 'supporter': {
      const value = rest[0];
      if (value !== 'on' && value !== 'off') {
        throw new ServiceError('invalid', 'supporter needs on or off');
      }
      return describe(await setSupporter(ctx, email, value === 'on'));
    }
    case 'show': {
      const user = await findUserByEmail(db, email);
      if (!user) throw new ServiceError('not_found', `No account has the e-mail address ${email}`);
      return describe(user);
    }
    default:
      throw new ServiceError('invalid', `Unknown command "${command}"\n\n${USER_COMMAND_USAGE}`);
  }
}
