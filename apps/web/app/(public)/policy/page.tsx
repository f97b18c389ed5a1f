import type { Metadata } from 'next';
import { IntentLink } from '@/components/ui/intent-link';
import { TextPage } from '@/components/content/text-page';
import { siteSettings } from '@/lib/server/site';

export const metadata: Metadata = { title: 'Content policy' };

export default function PolicyPage() {
  const { siteName, operatorEmail } = siteSettings();
  return (
    <TextPage title="Content policy and terms of use" updated="21 November 2026">
      <p>
        By using {siteName} you agree to these rules. They keep the community safe and the site
        lawful. Moderators may remove content and disable accounts that break them.
      </p>
      <h2>Who may use the site</h2>
      <p>
        You must be at least 18 years old, or the age of majority where you live if that is higher,
        to create an account or to view content marked explicit.
      </p>
      <h2>What you may upload</h2>
      <ul>
        <li>Only content you made or have the right to share.</li>
        <li>
          Every person shown must be an adult who consented to being recorded and to publication.
        </li>
        <li>
          Mark explicit content as explicit and put flashing content behind the seizure warning.
        </li>
        <li>Label videos honestly: category, tags, music, stars and creators.</li>
      </ul>
      <h2>What is never allowed</h2>
      <ul>
        <li>
          Any sexual content involving minors (see the{' '}
          <IntentLink href="/csam">CSAM policy</IntentLink>).
        </li>
        <li>Content made or shared without the consent of the people in it.</li>
        <li>Violence, threats, harassment or hateful content aimed at people.</li>
        <li>Spam, malware, deceptive links and attempts to break the site.</li>
      </ul>
      <h2>Moderation</h2>
      <p>
        Anyone can report a video. Moderators review reports and may unpublish or delete videos,
        remove comments and disable accounts. You can appeal by writing to{' '}
        <a href={`mailto:${operatorEmail}`}>{operatorEmail}</a> or through a support ticket.
      </p>
      <h2>Your content</h2>
      <p>
        You keep the rights to what you upload. You allow {siteName} to store, transcode, show and
        distribute it on the site and in embedded players for as long as it is published.
      </p>
    </TextPage>
  );
}
