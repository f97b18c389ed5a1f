import { expect, test } from 'vitest';
import type { ParsedAd } from './parsed-ad.ts';
import { selectAds } from './pod.ts';

const ad = (
  id: string,
  sequence: number | null,
  duration = 10,
  adType: ParsedAd['adType'] = 'linear',
) => ({ id, sequence, duration, adType }) as ParsedAd;
const ids = (ads: ParsedAd[]) => ads.map((a) => a.id);
const none = { maxTotalQuantity: null, maxTotalDuration: null, isFallback: false };

test('a pod plays only sequenced ads, in sequence order', () => {
  const ads = [ad('c', 3), ad('alone', null), ad('a', 1), ad('b', 2)];
  expect(ids(selectAds(ads, none))).toEqual(['a', 'b', 'c']);
});

test('the pod is cut at maxTotalQuantity and maxTotalDuration', () => {
  const ads = [ad('c', 3), ad('a', 1), ad('b', 2)];
  expect(ids(selectAds(ads, { ...none, maxTotalQuantity: 2 }))).toEqual(['a', 'b']);
  expect(ids(selectAds(ads, { ...none, maxTotalDuration: 25 }))).toEqual(['a', 'b']);
  expect(ids(selectAds(ads, { ...none, maxTotalDuration: 30 }))).toEqual(['a', 'b', 'c']);
});

test('without a pod, one stand-alone ad within the duration limit plays', () => {
  const ads = [ad('long', null, 40), ad('short', null, 10), ad('other', null, 5)];
  expect(ids(selectAds(ads, none))).toEqual(['long']);
  expect(ids(selectAds(ads, { ...none, maxTotalDuration: 15 }))).toEqual(['short']);
  expect(selectAds(ads, { ...none, maxTotalDuration: 2 })).toEqual([]);
});

test('single-ad fallback: a non-final pod ad that is not linear, a fallback tag, an empty pod', () => {
  const mixed = [ad('a', 1, 10, 'nonLinear'), ad('b', 2), ad('alone', null)];
  expect(ids(selectAds(mixed, none))).toEqual(['alone']);
  const lastNonLinear = [ad('a', 1), ad('b', 2, 10, 'nonLinear')];
  expect(ids(selectAds(lastNonLinear, none))).toEqual(['a', 'b']);
  const pod = [ad('a', 1), ad('b', 2), ad('alone', null)];
  expect(ids(selectAds(pod, { ...none, isFallback: true }))).toEqual(['alone']);
  expect(
    ids(selectAds([ad('a', 1, 30), ad('alone', null, 5)], { ...none, maxTotalDuration: 10 })),
  ).toEqual(['alone']);
});
