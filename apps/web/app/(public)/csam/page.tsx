import type { Metadata } from 'next';
import { TextPage } from '@/components/content/text-page';
import { siteSettings } from '@/lib/server/site';

export const metadata: Metadata = { title: 'CSAM policy' };

export default function CsamPage() {
  const { siteName, operatorEmail } = siteSettings();
  return (
    <TextPage title="Child sexual abuse material (CSAM) policy">
      <p>
        {siteName} has zero tolerance for child sexual abuse material. Any content that shows,
        suggests or promotes the sexual abuse or exploitation of minors is forbidden, whether real,
        drawn, animated or generated.
      </p>
      <h2>What we do</h2>
      <ul>
        <li>Reported content is hidden at once while moderators review it.</li>
        <li>
          Confirmed material is removed, the uploader&apos;s account is disabled, and the case is
          reported to the National Center for Missing &amp; Exploited Children (NCMEC) and the
          competent authorities.
        </li>
        <li>We keep the evidence the law requires and cooperate with investigations.</li>
      </ul>
      <h2>How to report</h2>
      <p>
        Use the report button under the video, or write to{' '}
        <a href={`mailto:${operatorEmail}`}>{operatorEmail}</a> with the address of the content. Do
        not download or share the material. You can also report directly to NCMEC&apos;s
        CyberTipline or to your national hotline.
      </p>
    </TextPage>
  );
}
