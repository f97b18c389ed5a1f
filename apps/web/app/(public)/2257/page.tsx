import type { Metadata } from 'next';
import { TextPage } from '@/components/content/text-page';
import { siteSettings } from '@/lib/server/site';

export const metadata: Metadata = { title: '18 U.S.C. 2257 statement' };

export default function RecordKeepingPage() {
  const { siteName, operatorName, operatorEmail, operatorAddress } = siteSettings();
  return (
    <TextPage title="18 U.S.C. § 2257 record-keeping requirements compliance statement">
      <p>
        {operatorName} is not a primary producer (as defined in 18 U.S.C. § 2257 and 28 C.F.R.
        75.1(c)) of any visual content shown on {siteName}. {siteName} hosts content uploaded by its
        users, and {operatorName} acts only as a secondary host of that content under 28 C.F.R.
        75.1(c)(4).
      </p>
      <p>
        Users who upload content confirm that every person shown was at least 18 years old at the
        time of recording, and that they keep, or can obtain, the records that 18 U.S.C. § 2257
        requires of primary producers.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about this statement, and requests for the custodian of records of a specific
        video&apos;s producer, go to:
        <br />
        {operatorName}, {operatorAddress}
        <br />
        <a href={`mailto:${operatorEmail}`}>{operatorEmail}</a>
      </p>
    </TextPage>
  );
}
