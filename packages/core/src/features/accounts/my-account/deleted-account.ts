/**
 * The account that keeps what deleted members chose to leave behind (their videos, their
 * comments): nobody signs in to it and its name is no valid username, so no one can take it.
 * Pages show it as "deleted account", without a profile link. No zod here: client components
 * import it.
 */
export const DELETED_ACCOUNT_ID = 'deleted-account';
export const DELETED_ACCOUNT_NAME = 'deleted account';

/** Whether a username shown on a page is the deleted account's. */
export function isDeletedAccountName(username: string | null | undefined): boolean {
  return username === DELETED_ACCOUNT_NAME;
}
