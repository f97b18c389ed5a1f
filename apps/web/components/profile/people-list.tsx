import { IntentLink } from '@/components/ui/intent-link';
import type { ReactNode } from 'react';
import type { PersonSummary } from '@cutroom/core/features/people/social/people-access';
import { Avatar } from './avatar';

/** People in a responsive grid, each linking to their profile, with optional actions. */
export function PeopleList({
  people,
  actions,
  testId,
}: {
  people: PersonSummary[];
  actions?: (person: PersonSummary) => ReactNode;
  testId?: string;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {people.map((person) => (
        <li
          key={person.username}
          className="flex flex-wrap items-center gap-3 rounded-lg bg-surface-raised p-3"
        >
          <IntentLink
            href={`/profile/${encodeURIComponent(person.username)}`}
            className="flex min-w-0 flex-1 items-center gap-3"
          >
            <Avatar username={person.username} image={person.image} />
            <span className="min-w-0 truncate font-semibold">{person.username}</span>
            {person.isSupporter && (
              <span className="rounded-full bg-accent/20 px-2 py-0.5 text-xs text-accent">
                Supporter
              </span>
            )}
          </IntentLink>
          {actions?.(person)}
        </li>
      ))}
    </ul>
  );
}
