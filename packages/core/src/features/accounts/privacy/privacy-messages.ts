/** What the block and message-privacy features say. */
export const PRIVACY_MESSAGES = {
  selfBlock: "You can't block yourself",
  alreadyBlocked: 'You have already blocked this member',
  notBlocked: 'You have not blocked this member',
  /** To a member writing to someone who only takes messages from friends. */
  friendsOnly: (username: string) =>
    `${username} only accepts messages from friends. Send a friend request first.`,
  /** To a member writing to someone who blocked them. */
  blockedByRecipient: (username: string) => `${username} doesn't accept messages from you.`,
  /** To a member writing to someone they blocked themselves. */
  recipientBlocked: (username: string) =>
    `You have blocked ${username}. Unblock them in your settings to send a message.`,
} as const;
