import type { EngineModule } from './engine-types.ts';
import type { VrModule } from './lazy/vr-engine.ts';
import type { AdsModule } from './ads-types.ts';
import type { ExtrasModule } from './lazy/extras-engine.ts';

// The ESM build splits each of these into its own chunk. The script-tag build swaps this file
// for lazy-load-iife.ts, which imports the same chunks by URL.

export function loadHlsEngine(): Promise<EngineModule> {
  return import('./lazy/hls-engine.ts').then((m) => m.engine);
}

export function loadLadderEngine(): Promise<EngineModule> {
  return import('./lazy/ladder-engine.ts').then((m) => m.engine);
}

export function loadDashEngine(): Promise<EngineModule> {
  return import('./lazy/dash-engine.ts').then((m) => m.engine);
}

export function loadVrEngine(): Promise<VrModule> {
  return import('./lazy/vr-engine.ts').then((m) => m.vr);
}

export function loadAdsEngine(): Promise<AdsModule> {
  return import('./lazy/ads-engine.ts').then((m) => m.ads);
}

export function loadExtras(): Promise<ExtrasModule> {
  return import('./lazy/extras-engine.ts').then((m) => m.extras);
}
