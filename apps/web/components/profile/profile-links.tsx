import type { Profile } from '@cutroom/core/features/people/profiles/profile.service';
import { CopyButton } from './copy-button';

const linkClass = 'break-all text-accent hover:underline';
const external = { target: '_blank', rel: 'nofollow ugc noopener noreferrer' } as const;

/** The profile's links: web addresses as links, names and wallet addresses to copy. */
export function ProfileLinks({ profile }: { profile: Profile }) {
  const rows: { label: string; content: React.ReactNode }[] = [];
  if (profile.website) {
    rows.push({
      label: 'Website',
      content: (
        <a href={profile.website} className={linkClass} {...external}>
          {profile.website.replace(/^https?:\/\//, '')}
        </a>
      ),
    });
  }
  if (profile.twitter) {
    rows.push({
      label: 'Twitter',
      content: (
        <a
          href={`https://x.com/${encodeURIComponent(profile.twitter)}`}
          className={linkClass}
          {...external}
        >
          @{profile.twitter}
        </a>
      ),
    });
  }
  if (profile.discord) {
    rows.push({
      label: 'Discord',
      content: profile.discord.startsWith('https://') ? (
        <a href={profile.discord} className={linkClass} {...external}>
          {profile.discord.replace(/^https:\/\//, '')}
        </a>
      ) : (
        <span className="flex items-center gap-2">
          <code className="break-all">{profile.discord}</code>
          <CopyButton value={profile.discord} label="Discord name" />
        </span>
      ),
    });
  }
  if (profile.patreon) {
    rows.push({
      label: 'Patreon',
      content: (
        <a
          href={`https://www.patreon.com/${encodeURIComponent(profile.patreon)}`}
          className={linkClass}
          {...external}
        >
          patreon.com/{profile.patreon}
        </a>
      ),
    });
  }
  for (const [label, value] of [
    ['Bitcoin', profile.bitcoin],
    ['Ethereum', profile.ethereum],
  ] as const) {
    if (!value) continue;
    rows.push({
      label,
      content: (
        <span className="flex min-w-0 items-center gap-2">
          <code className="min-w-0 break-all text-xs">{value}</code>
          <CopyButton value={value} label={`${label} address`} />
        </span>
      ),
    });
  }
  if (rows.length === 0) return null;
  return (
    <dl
      className="mt-3 grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)]"
      data-testid="profile-links"
    >
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-neutral-400">{row.label}</dt>
          <dd className="min-w-0">{row.content}</dd>
        </div>
      ))}
    </dl>
  );
}
