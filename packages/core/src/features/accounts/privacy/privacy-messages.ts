import { MESSAGE_REFUSALS } from '../../../access/refusal-messages';

/** What the block and message-privacy features say. */
export const PRIVACY_MESSAGES = {
  selfBlock: "You can't block yourself",
  alreadyBlocked: 'You have already blocked this member',
  notBlocked: 'You have not blocked this member',
  ...MESSAGE_REFUSALS,
} as const;
