import { describe, expect, test } from 'vitest';
import { wrapperTagCandidates } from './vast-tag-uri.ts';

const PAGE = 'https://site.example/pages/watch.html';

describe("wrapperTagCandidates (a wrapper's relative VASTAdTagURI)", () => {
  test('an absolute or root-relative tag means one address', () => {
    expect(
      wrapperTagCandidates(' https://ads.example/a.xml ', 'https://x.example/w.xml', PAGE),
    ).toEqual(['https://ads.example/a.xml']);
    expect(wrapperTagCandidates('/vast/a.xml', 'https://ads.example/v/w.xml', PAGE)).toEqual([
      'https://ads.example/vast/a.xml',
    ]);
  });

  test("a path-relative tag: the wrapper's own address first, the page's second", () => {
    expect(
      wrapperTagCandidates('deeper/next.xml', 'https://site.example/vast/rel/w.xml', PAGE),
    ).toEqual([
      'https://site.example/vast/rel/deeper/next.xml',
      'https://site.example/pages/deeper/next.xml',
    ]);
  });

  test("a tag that repeats the wrapper's folders was written for the page: the page's first", () => {
    expect(
      wrapperTagCandidates(
        '  static/special-cases/next.xml  ',
        'https://site.example/pages/static/special-cases/w.xml',
        PAGE,
      ),
    ).toEqual([
      'https://site.example/pages/static/special-cases/next.xml',
      'https://site.example/pages/static/special-cases/static/special-cases/next.xml',
    ]);
  });

  test('one address when both agree; none for a macro or an empty tag', () => {
    expect(wrapperTagCandidates('next.xml', 'https://site.example/pages/w.xml', PAGE)).toEqual([
      'https://site.example/pages/next.xml',
    ]);
    expect(wrapperTagCandidates('[TAG]', 'https://site.example/w.xml', PAGE)).toEqual([]);
    expect(wrapperTagCandidates('  ', 'https://site.example/w.xml', PAGE)).toEqual([]);
  });
});
