import type { Actor } from './actor';
import { ServiceError } from '../kernel/errors/service-error';
import { ROLES, type Role } from '../platform/db/schema';
import { REFUSAL_MESSAGES } from './refusal-messages';

/**
 * What someone may do on the site. Every endpoint, mode and page names the one right it needs
 * where it is defined; the dispatcher and the services check it through `requireRight`.
 */
export const RIGHTS = [
  /** Open public pages and listings: everyone, visitors included. */
  'view',
  /** Keep a profile, vote, favorite, befriend, subscribe, message, build playlists. */
  'participate',
  /** Upload videos and manage one's own. */
  'upload',
  /** Edit labels of any video. */
  'tag',
  /** See and act on any member's videos, reports and comments. */
  'moderate',
  /** Run the site: roles, accounts, settings. */
  'administer',
  /** No promotions. */
  'adFree',
  /** Run a partner channel: upload into it, mark videos premium, see its subscribers and earnings. */
  'partner',
] as const;
export type Right = (typeof RIGHTS)[number];

/**
 * Who can hold rights: a visitor (no account), each role of `users.role`, and the supporter
 * flag. A member's rights are the union over what they hold.
 */
export type RightHolder = 'visitor' | Role | 'supporter';

/** The rights table: the one place that says what each holder may do. */
export const RIGHTS_OF: Readonly<Record<RightHolder, readonly Right[]>> = {
  visitor: ['view'],
  user: ['view', 'participate', 'upload'],
  supporter: ['adFree'],
  tagger: ['tag'],
  partner: ['partner'],
  moderator: ['tag', 'moderate'],
  admin: ['tag', 'moderate', 'administer', 'partner'],
};

/** Staff see the moderation area. */
export const STAFF_RIGHT: Right = 'moderate';

type RoleSubject = Pick<Actor, 'role'>;

/**
 * A member's roles, from `users.role`: a comma-separated list ("moderator,tagger"), the form
 * better-auth's admin plugin reads; "user" alone when there is no other.
 */
export function rolesOf(subject: RoleSubject | null): Role[] {
  if (!subject) return [];
  const roles = subject.role
    .split(',')
    .map((role) => role.trim())
    .filter((role): role is Role => (ROLES as readonly string[]).includes(role));
  return roles.length > 0 ? roles : ['user'];
}

/** Whether a member holds a role (every signed-in account holds "user"). */
export function hasRole(subject: RoleSubject | null, role: Role): boolean {
  if (!subject) return false;
  return role === 'user' || rolesOf(subject).includes(role);
}

/** What an actor holds in the rights table; an unverified account holds only a visitor's. */
export function holdersOf(
  actor: (RoleSubject & Partial<Pick<Actor, 'emailVerified' | 'isSupporter'>>) | null,
): RightHolder[] {
  if (!actor || actor.emailVerified === false) return ['visitor'];
  const held: RightHolder[] = ['visitor', 'user', ...rolesOf(actor)];
  if (actor.isSupporter) held.push('supporter');
  return held;
}

/** Every right an actor has. */
export function rightsOf(actor: Parameters<typeof holdersOf>[0]): Set<Right> {
  return new Set(holdersOf(actor).flatMap((holder) => RIGHTS_OF[holder]));
}

/** Whether the actor (null: a visitor) has the right. */
export function can(actor: Parameters<typeof holdersOf>[0], right: Right): boolean {
  return rightsOf(actor).has(right);
}

/** What a refusal says; an endpoint can word the sign-in request its own way (docs/messages.md). */
export interface RefusalMessages {
  /** To a visitor: sign in first (401). */
  signIn?: string;
  /** To an account whose address is not verified yet (403). */
  unverified?: string;
  /** To a member without the right (403). */
  forbidden?: string;
}

const FORBIDDEN_MESSAGES: Partial<Record<Right, string>> = {
  administer: REFUSAL_MESSAGES.adminOnly,
  moderate: 'Only moderators and admins may do this',
  tag: 'Only taggers, moderators and admins may do this',
  partner: 'Only partner accounts may do this',
};

/**
 * The actor when they have the right. A visitor is asked to sign in (401); an unverified
 * account to verify its address (403); anyone else without the right is refused (403).
 */
export function requireRight(
  actor: Actor | null,
  right: Right,
  messages: RefusalMessages = {},
): Actor | null {
  if (can(actor, right)) return actor;
  // Staff calls too: a visitor is asked to sign in, as /api documents (docs/authorization.md).
  if (!actor) {
    throw new ServiceError('unauthenticated', messages.signIn ?? REFUSAL_MESSAGES.notSignedIn);
  }
  if (!actor.emailVerified) {
    throw new ServiceError('forbidden', messages.unverified ?? REFUSAL_MESSAGES.unverified);
  }
  throw new ServiceError(
    'forbidden',
    messages.forbidden ?? FORBIDDEN_MESSAGES[right] ?? 'You may not do this',
  );
}

/** `requireRight` for rights no visitor holds: the answer is always a signed-in actor. */
export function requireMemberRight(
  actor: Actor | null,
  right: Exclude<Right, 'view'>,
  messages: RefusalMessages = {},
): Actor {
  return requireRight(actor, right, messages) as Actor;
}
