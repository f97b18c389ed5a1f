import type { AdListEntry, Corner, VastOptions } from '../../options.ts';
import { CORNERS } from '../../options.ts';
import { logError } from '../../log.ts';
import type { ParsedAd } from './parsed-ad.ts';
import { AD_SIZES, AdErrorCode, ROLLS, formatAdError } from './constants.ts';
import type { RollKind } from './constants.ts';
import { parseTimer } from './schedule.ts';
import type { RollTimer } from './schedule.ts';

/** Vertical place of a non-linear banner. */
export type VAlign = 'top' | 'middle' | 'bottom';

/**
 * One validated ad-list entry with every per-roll option resolved (docs/player/behaviour.md,
 * "Ads").
 */
export interface RollRecord {
  /** 'ID0', 'ID1', ... in ad-list order, counting only valid entries. */
  id: string;
  roll: RollKind;
  vastTag: string;
  /** Mid-roll time: seconds or a share of the content duration; null for other rolls. */
  timer: RollTimer | null;
  /** Banner size limit ('468x60' by default for non-linear ads). */
  size: { width: number; height: number } | null;
  adText: string | null;
  adTextPosition: Corner;
  adCTATextPosition: Corner;
  adClickable: boolean;
  vAlign: VAlign;
  /** Seconds a non-linear ad stays up, or null for the VAST's suggestion (else 15 s). */
  nonLinearDuration: number | null;
  fallbackVastTags: string[];
  maxTotalDuration: number | null;
  maxTotalQuantity: number | null;
  vastLoaded: boolean;
  error: boolean;
  ads: ParsedAd[];
  played: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const positiveOrNull = (value: unknown): number | null =>
  typeof value === 'number' && value > 0 ? value : null;

const corner = (value: unknown, fallback: Corner): Corner =>
  CORNERS.includes(value as Corner) ? (value as Corner) : fallback;

/**
 * Validates `vastOptions.adList` (docs/player/behaviour.md, "Ads"): an entry without vastTag, with
 * a missing or unknown roll, or with an unknown size is skipped with error 102; a midRoll without a
 * usable timer is kept but marked as error.
 */
export function buildRollRecords(options: VastOptions): RollRecord[] {
  const records: RollRecord[] = [];
  for (const raw of options.adList as unknown[]) {
    const entry: AdListEntry = isObject(raw) ? raw : {};
    if (typeof entry.vastTag !== 'string' || entry.vastTag.trim() === '') {
      logError('"vastTag" property is missing from adList');
      logError(formatAdError(AdErrorCode.wrongAdList));
      continue;
    }
    const roll = entry.roll as RollKind;
    const badSize = entry.size !== undefined && !AD_SIZES.includes(entry.size as never);
    if (!ROLLS.includes(roll) || badSize) {
      logError(formatAdError(AdErrorCode.wrongAdList));
      continue;
    }
    const timer = roll === 'midRoll' ? parseTimer(entry.timer) : null;
    const [width, height] = (typeof entry.size === 'string' ? entry.size : '0x0')
      .split('x')
      .map(Number);
    const record: RollRecord = {
      id: `ID${records.length}`,
      roll,
      vastTag: entry.vastTag,
      timer,
      size: width && height ? { width, height } : null,
      adText: typeof entry.adText === 'string' ? entry.adText : options.adText,
      adTextPosition: corner(entry.adTextPosition ?? options.adTextPosition, 'top left'),
      adCTATextPosition: corner(
        entry.adCTATextPosition ?? options.adCTATextPosition,
        'bottom right',
      ),
      adClickable: typeof entry.adClickable === 'boolean' ? entry.adClickable : options.adClickable,
      vAlign: (['top', 'middle', 'bottom'] as const).find((v) => v === entry.vAlign) ?? 'bottom',
      nonLinearDuration: positiveOrNull(entry.nonLinearDuration),
      fallbackVastTags: Array.isArray(entry.fallbackVastTags)
        ? entry.fallbackVastTags.filter((t): t is string => typeof t === 'string' && t !== '')
        : [],
      maxTotalDuration: positiveOrNull(entry.maxTotalDuration),
      maxTotalQuantity: positiveOrNull(entry.maxTotalQuantity),
      vastLoaded: false,
      error: roll === 'midRoll' && timer === null,
      ads: [],
      played: false,
    };
    if (record.error) logError(`The midRoll ${record.id} needs a timer: it is not played.`);
    records.push(record);
  }
  return records;
}
