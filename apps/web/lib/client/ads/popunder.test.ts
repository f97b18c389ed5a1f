// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  afterOpen,
  cappingCookie,
  cappingCookieName,
  insideAdLink,
  mayOpen,
  pageFacts,
  popunderUrl,
  readCapping,
  visitorCheckAllows,
} from './popunder';

const HOUR = 60 * 60_000;
const limits = { maxOpens: 3, periodMs: HOUR };

describe('pop-under capping (docs/ads.md: 3 opens per 60 minutes, a cookie named after the zone)', () => {
  it('counts opens in a cookie named after the zone, with the last open', () => {
    expect(cappingCookieName('48213')).toBe('popunder_48213');
    expect(cappingCookieName('a b;c=d')).toBe('popunder_a_b_c_d');
    const cookie = cappingCookie('48213', { count: 2, lastOpen: 1_700_000_000_000 }, HOUR);
    expect(cookie).toBe('popunder_48213=2.1700000000000; Path=/; Max-Age=3600; SameSite=Lax');
    const pair = cookie.split(';')[0]!;
    expect(readCapping(`theme=dark; ${pair}; cutroom.member=1`, '48213')).toEqual({
      count: 2,
      lastOpen: 1_700_000_000_000,
    });
    // Another zone's cookie, or a value not of ours, counts nothing.
    expect(readCapping(pair, '999')).toEqual({ count: 0, lastOpen: 0 });
    expect(readCapping('popunder_48213=lots', '48213')).toEqual({ count: 0, lastOpen: 0 });
  });

  it('allows 3 in an hour, then none until an hour after the last, then 3 again', () => {
    let capping = readCapping('', 'z');
    const start = 1_700_000_000_000;
    const opened: number[] = [];
    // One try a minute for three hours.
    for (let minute = 0; minute < 180; minute += 1) {
      const now = start + minute * 60_000;
      if (!mayOpen(capping, now, limits)) continue;
      capping = afterOpen(capping, now, limits);
      opened.push(minute);
    }
    expect(opened).toEqual([0, 1, 2, 62, 63, 64, 124, 125, 126]);
    // No 60 minutes hold more than three.
    for (const first of opened) {
      expect(opened.filter((m) => m >= first && m < first + 60).length).toBeLessThanOrEqual(3);
    }
  });

  it('counts a clock set back before the last open as the same period (it cannot reset the count)', () => {
    expect(mayOpen({ count: 3, lastOpen: 10 * HOUR }, 9 * HOUR, limits)).toBe(false);
    expect(mayOpen({ count: 1, lastOpen: 10 * HOUR }, 9 * HOUR, limits)).toBe(true);
  });
});

describe('the ad-link exclusion (docs/ads.md: up to 20 parents)', () => {
  /** An .ad-link with `depth` elements nested inside it; answers the innermost. */
  function nested(depth: number) {
    const link = document.createElement('a');
    link.className = 'ad-link rounded';
    document.body.append(link);
    let inner: Element = link;
    for (let i = 0; i < depth; i += 1) {
      const child = document.createElement('span');
      inner.append(child);
      inner = child;
    }
    return inner;
  }

  it('finds the .ad-link on the target or up to 20 parents above it, not further', () => {
    expect(insideAdLink(nested(0))).toBe(true);
    expect(insideAdLink(nested(20))).toBe(true);
    expect(insideAdLink(nested(21))).toBe(false);
    const text = document.createTextNode('Learn more');
    nested(3).append(text);
    expect(insideAdLink(text)).toBe(true);
  });

  it('is not fooled by other classes or elements outside', () => {
    const button = document.createElement('button');
    button.className = 'ad-linker bad-link';
    document.body.append(button);
    expect(insideAdLink(button)).toBe(false);
    expect(insideAdLink(document.body)).toBe(false);
    expect(insideAdLink(null)).toBe(false);
  });
});

describe('the pop-under link (docs/ads.md)', () => {
  it('carries zone, category, tags, sub ids, page URL, consent and a cache-buster', () => {
    const url = new URL(
      popunderUrl(
        { linkUrl: 'https://ads.example.com/popunder', zone: '48213', subIds: ['site', 'home'] },
        { category: 'pmv', tags: ['neon', 'city lights'], pageUrl: 'https://cut.example/v/1?t=5' },
        'k3j2',
      ),
    );
    expect(url.origin + url.pathname).toBe('https://ads.example.com/popunder');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      zone: '48213',
      category: 'pmv',
      tags: 'neon,city lights',
      sub1: 'site',
      sub2: 'home',
      url: 'https://cut.example/v/1?t=5',
      consent: '0',
      cb: 'k3j2',
    });
  });

  it("reads the page's category and tags from its data-ad-* marks", () => {
    document.body.innerHTML = '<article data-ad-category="hmv" data-ad-tags="a,b"></article>';
    expect(pageFacts(document)).toMatchObject({ category: 'hmv', tags: ['a', 'b'] });
    document.body.innerHTML = '<main></main>';
    expect(pageFacts(document)).toMatchObject({ category: '', tags: [] });
  });
});

describe('the visitor check (docs/ads.md)', () => {
  it("allows on '0' and on any answer that is not a 200; refuses any other 200 text", () => {
    expect(visitorCheckAllows(200, '0')).toBe(true);
    expect(visitorCheckAllows(200, '0\n')).toBe(true);
    expect(visitorCheckAllows(404, 'not found')).toBe(true);
    expect(visitorCheckAllows(500, '1')).toBe(true);
    expect(visitorCheckAllows(200, '1')).toBe(false);
    expect(visitorCheckAllows(200, '')).toBe(false);
  });
});
