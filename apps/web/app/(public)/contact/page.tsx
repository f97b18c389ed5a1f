import type { Metadata } from 'next';
import { IntentLink } from '@/components/ui/intent-link';
import { TextPage } from '@/components/content/text-page';
import { siteSettings } from '@/lib/server/site';

export const metadata: Metadata = { title: 'Contact' };

export default function ContactPage() {
  const { siteName, operatorName, operatorEmail, operatorAddress } = siteSettings();
  return (
    <TextPage title="Contact">
      <p>
        {siteName} is run by {operatorName}. Write to us at{' '}
        <a href={`mailto:${operatorEmail}`}>{operatorEmail}</a>.
      </p>
      <h2>Support</h2>
      <p>
        For anything about your account or a video,{' '}
        <IntentLink href="/ticket/create" data-testid="contact-ticket-link">
          open a support ticket
        </IntentLink>
        : staff answer in the ticket, and you are told under the bell and by e-mail. Your tickets
        and their answers are in your <IntentLink href="/ticket/history">ticket history</IntentLink>
        . Without an account, write to the address above.
      </p>
      <h2>Copyright and legal notices</h2>
      <p>
        Copyright claims follow the <IntentLink href="/dmca">DMCA procedure</IntentLink>. Reports of
        child sexual abuse material are handled at once under our{' '}
        <IntentLink href="/csam">CSAM policy</IntentLink>.
      </p>
      <h2>Postal address</h2>
      <p>
        {operatorName}
        <br />
        {operatorAddress}
      </p>
    </TextPage>
  );
}
