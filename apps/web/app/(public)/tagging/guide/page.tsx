import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { TextPage } from '@/components/content/text-page';
import { IntentLink } from '@/components/ui/intent-link';

export const metadata: Metadata = { title: 'Tagging guide' };

const linkClass = 'text-accent underline hover:no-underline';
/** Lists of chips: no bullets (the prose style gives every list one). */
const CHIPS = { listStyle: 'none', paddingLeft: 0 } as const;

interface Kind {
  id: string;
  name: string;
  what: ReactNode;
  rules: string[];
  good: string[];
  bad: { label: string; why: string }[];
}

/** The four label kinds: what each is for, how to write it, and examples. */
const KINDS: Kind[] = [
  {
    id: 'tags',
    name: 'Tags',
    what: 'What the video shows and how it is made: its source, style, editing and theme. Tags are what people filter and search by, so a good tag is one somebody would look for.',
    rules: [
      'Lower case, in English, singular: “split screen”, not “Split-Screens”.',
      'Words people use, not sentences: “beat sync”, not “the cuts follow the beat really well”.',
      'Five to fifteen tags is usual. Tag what is plainly there; leave out what is only hinted at.',
      'Do not repeat the category (a PMV needs no “pmv” tag) or the flags (explicit, same-sex, trans, seizure warning): the video already carries those.',
      'Pick an existing tag from the suggestions when it means the same: “slow motion” (its count shows it is in use) over a new “slowmo”.',
    ],
    good: ['beat sync', 'split screen', 'slow motion', 'compilation', 'cosplay', 'genshin impact'],
    bad: [
      { label: 'PMV', why: 'the category already says it' },
      { label: 'Hot!!!', why: 'an opinion, not something to search for' },
      { label: 'splitscreen, split-screen', why: 'variants of the existing “split screen”' },
      { label: 'video', why: 'true of every video' },
    ],
  },
  {
    id: 'music',
    name: 'Music',
    what: 'Each song you can hear, one label a song, so the music pages gather every video using it.',
    rules: [
      'Write “Artist - Title”, with the artist and title as the release credits them.',
      'Featured artists after the main one: “Artist feat. Other - Title”.',
      'A remix keeps its remixer in brackets: “Artist - Title (Remixer Remix)”.',
      'A medley or a mash-up gets one label for each song you recognise.',
      'Only what you are sure of. An unknown track stays unlabelled; a wrong song is worse than none.',
    ],
    good: [
      'Daft Punk - One More Time',
      'The Weeknd - Blinding Lights',
      'Lady Gaga feat. Beyoncé - Telephone',
      'Avicii - Levels (Skrillex Remix)',
    ],
    bad: [
      { label: 'One More Time', why: 'the artist is missing' },
      { label: 'daft punk one more time', why: 'no dash between artist and title' },
      { label: 'Daft Punk - One More Time (2000)', why: 'years and “official video” are left out' },
      { label: 'EDM', why: 'a genre is a tag, not a song' },
    ],
  },
  {
    id: 'stars',
    name: 'Stars',
    what: 'The real people who appear in the video, one label each.',
    rules: [
      'The name the person works under, in full, spelled as on their own official pages.',
      'Latin letters, with the spelling the person uses themselves (for Korean BJs, the romanised name on their channel).',
      'No nicknames, no misspellings, no “and friends”: a star page gathers a person only if the name is written the same every time.',
      'Drawn and 3D characters are not stars: name the series as a tag instead.',
    ],
    good: ['Jane Doe', 'Mia Park'],
    bad: [
      { label: 'jane', why: 'a first name alone matches many people' },
      { label: 'Jane Doe, Mary Major', why: 'two people in one label: add two labels' },
      { label: 'Raiden Shogun', why: 'a character: tag the series (“genshin impact”)' },
    ],
  },
  {
    id: 'creators',
    name: 'Creators',
    what: 'Who made the video: the editor who cut it, under the name they sign their work with.',
    rules: [
      'The editor’s handle as they write it in their videos or on their own channel, same case.',
      'A collaboration gets one label for each editor.',
      'The uploader is a creator only when they made it. A re-upload names the original editor.',
      'Studios and channels whose footage was used are not creators: they made the source, not this video.',
    ],
    good: ['NeonCutz', 'Kay Edits'],
    bad: [
      { label: 'unknown', why: 'leave the kind empty instead' },
      { label: 'neoncutz', why: 'keep the editor’s own capitals' },
      { label: 'Studio whose scenes were used', why: 'the source, not the maker' },
    ],
  },
];

/** What to look for in each category of the site. */
const CATEGORY_ADVICE: { category: string; advice: string }[] = [
  {
    category: 'PMV',
    advice:
      'Music videos cut from live-action footage: the songs matter most (every song as a music label), then editing style tags (“beat sync”, “split screen”, “caption”, “countdown”) and the stars you can name.',
  },
  {
    category: 'HMV',
    advice:
      'Cut from animation or games: tag the series and style (“anime”, “3d”, the game’s name). Characters are not stars; music labels as for a PMV.',
  },
  {
    category: 'Hypno',
    advice:
      'Tag the technique and what it uses (“spiral”, “text”, “voice”, “binaural”) and how long it is meant to run (“loop”). A seizure warning is a flag the uploader sets: report the video if it is missing.',
  },
  {
    category: 'TikTok',
    advice:
      'Short vertical clips: the trend or the dance by its name is the best tag; the sound is a music label when it is a released song. Creators are the people who made the compilation.',
  },
  {
    category: 'Korean BJ',
    advice:
      'Streams and dance covers: the BJ is the star (the name on their channel), the song they dance to is the music, and the dance or the outfit makes good tags.',
  },
  {
    category: 'Other',
    advice:
      'Everything else. Tag what it is first (“tutorial”, “behind the scenes”, “compilation”); if a video plainly belongs in another category, report it as “Wrong category or labels”.',
  },
];

/** The tagger page's keys, as its legend shows them. */
const KEYS: [string, string][] = [
  ['j / k', 'next / previous video in the queue'],
  ['t, m, s, c', 'type a tag, music, star or creator'],
  ['Enter', 'add what you typed (pick a suggestion with the arrow keys first)'],
  ['Backspace or Delete', 'in an empty field: remove the last label of that kind'],
  ['Escape', 'leave the field and go back to the queue'],
  ['f', 'flag the labels as disputed, saying why'],
  ['o', 'open the video in a new tab'],
];

/** The tagging guide: public, linked from /tagging/apply, /tagger and /contribute. */
export default function TaggingGuidePage() {
  return (
    <TextPage title="Tagging guide">
      <div className="space-y-8" data-testid="tagging-guide">
        <section className="space-y-3">
          <p>
            Every video has four kinds of labels: <strong>tags</strong>, <strong>music</strong>,{' '}
            <strong>stars</strong> and <strong>creators</strong>. They feed search, the label pages
            (/tags, /music, /star, /creator) and the filters, so one consistent spelling puts a
            video in front of everyone looking for it. Uploaders set them; taggers fix and complete
            them. This guide is what staff check applications and changes against.
          </p>
          <nav aria-label="Guide sections">
            <ul className="flex flex-wrap gap-2 text-sm" style={CHIPS}>
              {[
                ...KINDS.map((kind) => [kind.id, kind.name]),
                ['categories', 'By category'],
                ['keys', 'Keys'],
              ].map(([id, name]) => (
                <li key={id}>
                  <a href={`#${id}`} className="rounded bg-white/10 px-2 py-1 hover:bg-white/20">
                    {name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </section>

        <section className="space-y-2">
          <h2 className="text-xl font-semibold">Everywhere</h2>
          <ul className="list-disc space-y-1 pl-6">
            <li>Label what you can see and hear in this video, not what its title promises.</li>
            <li>
              Use the suggestions: they are the names already on the site, most used first. The
              first spelling of a label stays; a variant splits its page in two.
            </li>
            <li>A label is at most 60 characters. Fewer, exact labels beat many loose ones.</li>
            <li>
              Unsure? Leave it, or flag the video as disputed with what you are unsure of, and
              another tagger or staff will look.
            </li>
            <li>
              Every change is logged with your name. Staff can revert any change; reverted changes
              do not count for you on{' '}
              <IntentLink href="/ranks" className={linkClass}>
                /ranks
              </IntentLink>
              .
            </li>
          </ul>
        </section>

        {KINDS.map((kind) => (
          <section key={kind.id} id={kind.id} className="space-y-3" data-testid="guide-kind">
            <h2 className="text-xl font-semibold">{kind.name}</h2>
            <p>{kind.what}</p>
            <ul className="list-disc space-y-1 pl-6">
              {kind.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="rounded-lg border border-emerald-500/30 bg-emerald-500/5 p-3">
                <h3 className="text-sm font-semibold text-emerald-200">Good</h3>
                <ul className="mt-2 flex flex-wrap gap-1.5 text-sm" style={CHIPS}>
                  {kind.good.map((label) => (
                    <li key={label} className="rounded-full bg-white/10 px-2.5 py-0.5">
                      {label}
                    </li>
                  ))}
                </ul>
              </div>
              <div className="rounded-lg border border-red-500/30 bg-red-500/5 p-3">
                <h3 className="text-sm font-semibold text-red-300">Not like this</h3>
                <ul className="mt-2 space-y-1 text-sm" style={CHIPS}>
                  {kind.bad.map(({ label, why }) => (
                    <li key={label}>
                      <span className="rounded-full bg-white/10 px-2.5 py-0.5 line-through decoration-red-400/70">
                        {label}
                      </span>{' '}
                      <span className="text-neutral-300">{why}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </section>
        ))}

        <section id="categories" className="space-y-3">
          <h2 className="text-xl font-semibold">By category</h2>
          <dl className="space-y-3">
            {CATEGORY_ADVICE.map(({ category, advice }) => (
              <div key={category}>
                <dt className="font-semibold">{category}</dt>
                <dd className="text-neutral-300">{advice}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section id="keys" className="space-y-3">
          <h2 className="text-xl font-semibold">The tagger page’s keys</h2>
          <p>
            The{' '}
            <IntentLink href="/tagger" className={linkClass}>
              tagger queue
            </IntentLink>{' '}
            works from the keyboard alone:
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {KEYS.map(([key, what]) => (
              <div key={key} className="contents">
                <dt>
                  <kbd className="rounded border border-white/20 bg-white/5 px-1.5 py-0.5 font-mono text-xs">
                    {key}
                  </kbd>
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section className="rounded-lg bg-surface-raised p-4">
          <h2 className="font-semibold">Want to tag?</h2>
          <p className="mt-1 text-sm">
            Members with a verified e-mail address can{' '}
            <IntentLink href="/tagging/apply" className={linkClass}>
              apply to become a tagger
            </IntentLink>
            . Staff answer every application.
          </p>
        </section>
      </div>
    </TextPage>
  );
}
