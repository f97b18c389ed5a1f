import type { Metadata } from 'next';
import { TextPage } from '@/components/content/text-page';
import { siteSettings } from '@/lib/server/site';

export const metadata: Metadata = { title: 'DMCA' };

export default function DmcaPage() {
  const { siteName, operatorName, operatorEmail, operatorAddress } = siteSettings();
  return (
    <TextPage title="Copyright (DMCA) notices">
      <p>
        {siteName} respects copyright and answers notices under the Digital Millennium Copyright Act
        (17 U.S.C. § 512). If you believe a video infringes your copyright, send a notice to our
        designated agent with:
      </p>
      <ul>
        <li>your physical or electronic signature;</li>
        <li>the work you believe is infringed;</li>
        <li>the address of each video on {siteName} that infringes it;</li>
        <li>your name, postal address, telephone number and e-mail address;</li>
        <li>
          a statement that you believe in good faith the use is not authorised by the owner, its
          agent or the law;
        </li>
        <li>
          a statement, under penalty of perjury, that the notice is accurate and that you are the
          owner or authorised to act for the owner.
        </li>
      </ul>
      <h2>Designated agent</h2>
      <p>
        {operatorName}
        <br />
        {operatorAddress}
        <br />
        <a href={`mailto:${operatorEmail}`}>{operatorEmail}</a>
      </p>
      <h2>Counter-notices</h2>
      <p>
        If your video was removed by mistake, you may send a counter-notice with the same details
        and a statement under penalty of perjury that the removal was a mistake. We restore the
        video after 10 to 14 business days unless the claimant files a court action.
      </p>
      <h2>Repeat infringers</h2>
      <p>Accounts that repeatedly infringe copyright are disabled.</p>
    </TextPage>
  );
}
