import { afterEach, expect, test, vi } from 'vitest';
import { resolveOptions } from '../../options.ts';
import { buildRollRecords } from './ad-list.ts';

afterEach(() => vi.restoreAllMocks());

const records = (adList: unknown[], extra: Record<string, unknown> = {}) =>
  buildRollRecords(
    resolveOptions({ vastOptions: { adList: adList as never, ...extra } }).vastOptions,
  );

test('valid entries become roll records ID0, ID1, ... with the defaults of the options', () => {
  const list = records([
    { roll: 'preRoll', vastTag: '/a.xml' },
    { roll: 'midRoll', vastTag: '/b.xml', timer: '50%', adText: 'Sponsor', size: '728x90' },
    { roll: 'postRoll', vastTag: '/c.xml', adCTATextPosition: 'top left', adClickable: false },
    { roll: 'onPauseRoll', vastTag: '/d.xml', vAlign: 'middle', nonLinearDuration: 8 },
  ]);
  expect(list.map((r) => [r.id, r.roll])).toEqual([
    ['ID0', 'preRoll'],
    ['ID1', 'midRoll'],
    ['ID2', 'postRoll'],
    ['ID3', 'onPauseRoll'],
  ]);
  expect(list[0]).toMatchObject({
    vastLoaded: false,
    error: false,
    ads: [],
    played: false,
    adText: null,
    adTextPosition: 'top left',
    adCTATextPosition: 'bottom right',
    adClickable: true,
    vAlign: 'bottom',
    size: null,
    nonLinearDuration: null,
    fallbackVastTags: [],
  });
  expect(list[1]).toMatchObject({
    timer: { percent: 50 },
    adText: 'Sponsor',
    size: { width: 728, height: 90 },
  });
  expect(list[2]).toMatchObject({ adCTATextPosition: 'top left', adClickable: false });
  expect(list[3]).toMatchObject({ vAlign: 'middle', nonLinearDuration: 8 });
});

test('entries without vastTag, with an unknown roll or size are skipped with 102', () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const list = records([
    { roll: 'preRoll' },
    { roll: 'sideRoll', vastTag: '/a.xml' },
    { vastTag: '/a.xml' },
    { roll: 'preRoll', vastTag: '/a.xml', size: '100x100' },
    'not an object',
    { roll: 'preRoll', vastTag: '/ok.xml' },
  ]);
  expect(list.map((r) => [r.id, r.vastTag])).toEqual([['ID0', '/ok.xml']]);
  const messages = errors.mock.calls.map((c) => String(c[0]));
  expect(
    messages.filter((m) => m.endsWith('"vastTag" property is missing from adList')),
  ).toHaveLength(2);
  expect(
    messages.filter((m) => m.endsWith('[Error] (102): Wrong adList parameters.')),
  ).toHaveLength(5);
});

test('a midRoll without a usable timer is kept but marked as error', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const list = records([
    { roll: 'midRoll', vastTag: '/a.xml' },
    { roll: 'midRoll', vastTag: '/b.xml', timer: 'soon' },
    { roll: 'midRoll', vastTag: '/c.xml', timer: '00:01:05.5' },
  ]);
  expect(list.map((r) => r.error)).toEqual([true, true, false]);
  expect(list[2]!.timer).toEqual({ seconds: 65.5 });
});

test('per-entry positions fall back to the defaults when not a corner', () => {
  const [r] = records([
    { roll: 'preRoll', vastTag: '/a', adTextPosition: 'middle', adCTATextPosition: 'x' },
  ]);
  expect(r).toMatchObject({ adTextPosition: 'top left', adCTATextPosition: 'bottom right' });
});
