import type { Metadata } from 'next';
import { IntentLink } from '@/components/ui/intent-link';
import { TextPage } from '@/components/content/text-page';
import { siteSettings } from '@/lib/server/site';

export const metadata: Metadata = { title: 'Frequently asked questions' };

const QUESTIONS: { question: string; answer: React.ReactNode }[] = [
  {
    question: 'Do I need an account to watch?',
    answer:
      'No. Anyone can browse, search and watch published videos. An account with a verified e-mail address lets you upload, favorite, vote, make friends, subscribe, build playlists and send messages.',
  },
  {
    question: 'Which files can I upload?',
    answer:
      'Any common video file (MP4, MOV, MKV, WebM and others). We check the file itself, not its name, and turn it into streams for every screen and connection. Large uploads resume where they stopped if your connection drops.',
  },
  {
    question: 'Why is my video still "processing"?',
    answer: (
      <>
        After an upload we prepare several qualities, a poster and timeline previews. You can follow
        the progress on the <IntentLink href="/processing">processing page</IntentLink>. If
        something goes wrong you see why and can try again.
      </>
    ),
  },
  {
    question: 'What are the categories?',
    answer:
      'PMV, HMV, Hypno, TikTok, Korean BJ and Other. Labels (tags, music, stars and creators) help people find what they like.',
  },
  {
    question: 'What do the content flags mean?',
    answer:
      'Uploaders mark videos as explicit, same-sex or trans, and warn about flashing images with the seizure warning. Viewers can filter listings by each flag.',
  },
  {
    question: 'What do supporters get?',
    answer:
      'Supporters keep the site running. They see no promotions and no pop-unders, and carry the Supporter rank on their profile.',
  },
  {
    question: 'How do I report a video?',
    answer: (
      <>
        Use the report button under the video. Moderators review every report. For legal matters,
        see the <IntentLink href="/dmca">DMCA</IntentLink> and{' '}
        <IntentLink href="/csam">CSAM policy</IntentLink> pages.
      </>
    ),
  },
  {
    question: 'Can I embed videos on my own site?',
    answer:
      'Yes: every video page has an embed code. The player works in any page and plays adaptive streams.',
  },
  {
    question: 'Is there an API?',
    answer: (
      <>
        Yes. The <IntentLink href="/api">API page</IntentLink> documents every call.
      </>
    ),
  },
];

export default function FaqPage() {
  const { siteName } = siteSettings();
  return (
    <TextPage title="Frequently asked questions">
      <p>Answers to what people most often ask about {siteName}.</p>
      {QUESTIONS.map(({ question, answer }) => (
        <section key={question}>
          <h2>{question}</h2>
          <p>{answer}</p>
        </section>
      ))}
      <h2>Still stuck?</h2>
      <p>
        <IntentLink href="/contact">Contact us</IntentLink> and we will get back to you.
      </p>
    </TextPage>
  );
}
