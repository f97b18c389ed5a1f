import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from '../../../platform/db/client';
import { MEMBER_CHANNEL, PostgresEvents } from '../../../platform/events/postgres-events';
import type { ProcessingEvents } from '../../../platform/events/processing-events';
import type { MemberCache } from './member-cache';

/**
 * Feeds `cache` the database triggers' announcements of changes to members (docs/decisions/0036)
 * and makes it live once it hears them: embedded PGlite tells its own listeners as each
 * statement ends; a PostgreSQL server tells every process's listening connection (the one of
 * `PostgresEvents`), and while that connection is down the cache keeps nothing. Answers the
 * function that stops it.
 */
export async function followMemberChanges(
  handle: DatabaseHandle,
  events: ProcessingEvents,
  cache: MemberCache,
): Promise<() => Promise<void>> {
  const heard = (payload: string) => cache.changed(payload);
  if (handle.kind === 'pglite') {
    const unlisten = await (handle.client as PGlite).listen(MEMBER_CHANNEL, heard);
    cache.live();
    return async () => {
      cache.lost();
      await unlisten();
    };
  }
  // Without the listening connection changes made elsewhere go unheard: never live.
  if (!(events instanceof PostgresEvents)) return async () => undefined;
  const stopHearing = events.onMemberChange(heard);
  const stopFollowing = events.onListeningChange((listening) =>
    listening ? cache.live() : cache.lost(),
  );
  if (events.isListening) cache.live();
  return async () => {
    stopHearing();
    stopFollowing();
    cache.lost();
  };
}
