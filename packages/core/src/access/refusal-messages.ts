/**
 * What a refusal by the rights table says (docs/accounts.md): the account messages the rights
 * need, kept here so that access depends on no feature. The accounts feature words the rest.
 */
export const REFUSAL_MESSAGES = {
  unverified:
    "Your email isn't verified. Please check your inbox or request a new verification email",
  notSignedIn: 'Please sign in first',
  adminOnly: 'Only admins may do this',
  tooManyRequests: 'Too many requests. Please try again later',
} as const;

/** Why a private message may not be sent (docs/people.md), which the privacy feature also says. */
export const MESSAGE_REFUSALS = {
  /** To a member writing to someone who only takes messages from friends. */
  friendsOnly: (username: string) =>
    `${username} only accepts messages from friends. Send a friend request first.`,
  /** To a member writing to someone who blocked them. */
  blockedByRecipient: (username: string) => `${username} doesn't accept messages from you.`,
  /** To a member writing to someone they blocked themselves. */
  recipientBlocked: (username: string) =>
    `You have blocked ${username}. Unblock them in your settings to send a message.`,
} as const;
