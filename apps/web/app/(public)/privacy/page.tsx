import type { Metadata } from 'next';
import { TextPage } from '@/components/content/text-page';
import { siteSettings } from '@/lib/server/site';

export const metadata: Metadata = { title: 'Privacy policy' };

export default function PrivacyPage() {
  const { siteName, operatorName, operatorEmail } = siteSettings();
  return (
    <TextPage title="Privacy policy" updated="21 November 2026">
      <p>
        {operatorName} runs {siteName} and is responsible for the personal data it processes. This
        page says what we keep, why and for how long.
      </p>
      <h2>What we keep</h2>
      <ul>
        <li>
          Account data: username, e-mail address, a salted slow hash of your password, your profile
          texts and links, the date you joined and last signed in.
        </li>
        <li>
          What you do on the site: uploads, favorites, votes, playlists, friends, subscriptions,
          messages and tickets.
        </li>
        <li>Watch history, which you can clear at any time on the watched page.</li>
        <li>
          Technical logs: IP address, browser and request times, kept for at most 30 days to keep
          the site secure.
        </li>
      </ul>
      <h2>Why</h2>
      <p>
        To run your account and the features you use, to protect the site against abuse, and to meet
        legal duties. We do not sell personal data.
      </p>
      <h2>Cookies</h2>
      <p>
        A session cookie keeps you signed in. Settings of the player (volume, quality, speed,
        theatre mode) stay in your browser&apos;s storage. Advertising partners may set their own
        cookies for visitors who are not supporters.
      </p>
      <h2>Your rights</h2>
      <p>
        You may ask for a copy of your data, its correction or its deletion, and object to its use.
        Write to <a href={`mailto:${operatorEmail}`}>{operatorEmail}</a>.
      </p>
    </TextPage>
  );
}
