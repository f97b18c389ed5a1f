import { expect, test, vi } from 'vitest';
import { sizeEvent } from './ad-context.ts';
import { TrackingLedger, reachedEvents } from './tracking.ts';
import { ViewClock } from './viewability.ts';
import { isSupportedVpaidVersion } from './vpaid.ts';
import { nonLinearDuration } from './non-linear-ad.ts';
import { formatAdError } from './constants.ts';

test('quartiles at 1/4, 1/2, 3/4 and complete at duration minus 1 s', () => {
  expect(reachedEvents(0, 20, {})).toEqual([]);
  expect(reachedEvents(0.1, 20, {})).toEqual(['start']);
  expect(reachedEvents(5, 20, {})).toEqual(['start', 'firstQuartile']);
  expect(reachedEvents(10, 20, {})).toEqual(['start', 'firstQuartile', 'midpoint']);
  expect(reachedEvents(15, 20, {})).toEqual([
    'start',
    'firstQuartile',
    'midpoint',
    'thirdQuartile',
  ]);
  expect(reachedEvents(18.9, 20, {})).not.toContain('complete');
  expect(reachedEvents(19, 20, {})).toContain('complete');
});

test('a short ad completes no earlier than its third quartile', () => {
  expect(reachedEvents(2, 3, {})).not.toContain('complete');
  expect(reachedEvents(2.25, 3, {})).toEqual([
    'start',
    'firstQuartile',
    'midpoint',
    'thirdQuartile',
    'complete',
  ]);
});

test('progress events fire at their offsets, in seconds or percent', () => {
  const tracking = { 'progress-5': ['u'], 'progress-50%': ['v'], 'progress-12.5': ['w'] };
  expect(reachedEvents(4, 20, tracking)).not.toContain('progress-5');
  expect(reachedEvents(5, 20, tracking)).toContain('progress-5');
  expect(reachedEvents(10, 20, tracking)).toContain('progress-50%');
  expect(reachedEvents(12, 20, tracking)).not.toContain('progress-12.5');
});

test('the ledger fires each event once, with its macros', () => {
  const send = vi.fn();
  const ledger = new TrackingLedger(send);
  expect(ledger.fire('start', ['https://t/start'])).toBe(true);
  expect(ledger.fire('start', ['https://t/start'])).toBe(false);
  expect(ledger.fire('error', ['https://t/e?c=[ERRORCODE]'], { ERRORCODE: 403 })).toBe(true);
  expect(ledger.fire('error', ['https://t/e?c=[ERRORCODE]'], { ERRORCODE: 901 })).toBe(false);
  expect(ledger.fire('pause', undefined)).toBe(true);
  expect(ledger.has('pause')).toBe(true);
  expect(send.mock.calls).toEqual([
    [['https://t/start'], {}],
    [['https://t/e?c=[ERRORCODE]'], { ERRORCODE: 403 }],
  ]);
});

test('viewable after more than 2 s in one stretch at least half in view', () => {
  const clock = new ViewClock();
  clock.update(0.6, 0);
  expect(clock.isViewable(2000)).toBe(false);
  expect(clock.isViewable(2001)).toBe(true);
  clock.update(0.49, 2100);
  expect(clock.isViewable(2200)).toBe(false);
  clock.update(0.5, 3000);
  clock.update(1, 4000);
  expect(clock.isViewable(4500)).toBe(false);
  expect(clock.isViewable(5001)).toBe(true);
});

test('player-size events: fullscreen, expand when growing, collapse when shrinking', () => {
  expect(sizeEvent('normal', 'fullscreen')).toBe('fullscreen');
  expect(sizeEvent('normal', 'theatre')).toBe('expand');
  expect(sizeEvent('fullscreen', 'normal')).toBe('collapse');
  expect(sizeEvent('normal', 'mini')).toBe('collapse');
  expect(sizeEvent('normal', 'normal')).toBeNull();
});

test('VPAID handshake at least 2.0; non-linear duration; error format', () => {
  expect(isSupportedVpaidVersion('2.0')).toBe(true);
  expect(isSupportedVpaidVersion('2.1.3')).toBe(true);
  expect(isSupportedVpaidVersion('1.1')).toBe(false);
  expect(isSupportedVpaidVersion(undefined)).toBe(false);
  expect(nonLinearDuration(null, 0)).toBe(15);
  expect(nonLinearDuration(null, 10)).toBe(10);
  expect(nonLinearDuration(4, 10)).toBe(4);
  expect(formatAdError(103)).toBe('[Error] (103): VPAID not allowed, so skipping this VAST tag.');
  expect(formatAdError(102)).toBe('[Error] (102): Wrong adList parameters.');
  expect(formatAdError(201)).toBe('[Error] (201): Failed to play video.');
  expect(formatAdError(900)).toBe('[Error] (900): Failed to load Vast');
});
