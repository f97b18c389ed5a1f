import type { ReactNode } from 'react';
import { SiteShell } from '@/components/shell/site-shell';
import { IntentLink } from '@/components/ui/intent-link';
import { pageAccess } from '@/lib/page-access';

/**
 * The taggers' pages (/tagger): taggers, moderators and admins (the tag right). A visitor is
 * asked to sign in; a member without the right is refused and shown the way to apply.
 */
const GROUP_RIGHT = 'tag';

export default async function TaggerLayout({ children }: { children: ReactNode }) {
  const { viewer, refusal } = await pageAccess(GROUP_RIGHT);
  const isMemberRefused = refusal !== null && viewer?.emailVerified === true;
  return (
    <SiteShell viewer={viewer}>
      {isMemberRefused ? (
        <section className="mx-auto max-w-md py-12 text-center" data-testid="not-a-tagger">
          <h1 className="text-2xl font-bold">The tagger queue is for taggers</h1>
          <p className="mt-3 text-neutral-300">
            Taggers label videos from here. Members apply, and staff answer every application.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <IntentLink
              href="/tagging/apply"
              className="rounded-full bg-accent px-5 py-2 font-semibold text-black"
            >
              Apply to tag
            </IntentLink>
            <IntentLink
              href="/tagging/guide"
              className="rounded-full px-5 py-2 font-semibold underline hover:no-underline"
            >
              Read the tagging guide
            </IntentLink>
          </div>
        </section>
      ) : (
        (refusal ?? children)
      )}
    </SiteShell>
  );
}
