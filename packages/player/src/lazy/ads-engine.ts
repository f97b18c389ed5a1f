// The ads chunk: loaded by the core only when vastOptions.adList is not empty. It receives an
// AdsHost and plays the rolls of the ad list; see ads/ads-manager.ts.
import type { AdsModule } from '../ads-types.ts';
import { AdsManager } from './ads/ads-manager.ts';

export type { AdsController, AdsHost, AdsModule } from '../ads-types.ts';

export const ads: AdsModule = {
  attach: (host) => new AdsManager(host),
};
