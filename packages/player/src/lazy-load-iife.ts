import type { EngineModule } from './engine-types.ts';
import type { VrModule } from './lazy/vr-engine.ts';
import type { AdsModule } from './ads-types.ts';
import type { ExtrasModule } from './lazy/extras-engine.ts';

// An IIFE cannot split code, so the script-tag bundle loads the ESM chunks that sit next to
// its own file, by absolute URL (a non-literal import() that the bundler leaves alone).
const script = typeof document === 'undefined' ? null : document.currentScript;
const base =
  script instanceof HTMLScriptElement && script.src ? new URL('./', script.src).href : '';

/** Each lazy entry's shared chunks, filled in by build.mjs. */
declare const __CR_CHUNK_DEPS__: Record<string, string[]> | undefined;
const chunkDeps = typeof __CR_CHUNK_DEPS__ === 'undefined' ? {} : __CR_CHUNK_DEPS__;

function importChunk<T>(name: string): Promise<T> {
  // The entry's shared chunks are requested at once rather than once the entry has parsed.
  for (const dep of chunkDeps[name] ?? []) {
    import(/* webpackIgnore: true */ base + dep).catch(() => {});
  }
  return import(/* webpackIgnore: true */ base + name) as Promise<T>;
}

export function loadHlsEngine(): Promise<EngineModule> {
  return importChunk<{ engine: EngineModule }>('hls-engine.js').then((m) => m.engine);
}

export function loadLadderEngine(): Promise<EngineModule> {
  return importChunk<{ engine: EngineModule }>('ladder-engine.js').then((m) => m.engine);
}

export function loadDashEngine(): Promise<EngineModule> {
  return importChunk<{ engine: EngineModule }>('dash-engine.js').then((m) => m.engine);
}

export function loadVrEngine(): Promise<VrModule> {
  return importChunk<{ vr: VrModule }>('vr-engine.js').then((m) => m.vr);
}

export function loadAdsEngine(): Promise<AdsModule> {
  return importChunk<{ ads: AdsModule }>('ads-engine.js').then((m) => m.ads);
}

export function loadExtras(): Promise<ExtrasModule> {
  return importChunk<{ extras: ExtrasModule }>('extras-engine.js').then((m) => m.extras);
}
