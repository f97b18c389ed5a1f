// Loaded on demand: pulls hls.js into its own chunk. The light build (no alternate audio,
// subtitles, EME/DRM, CMCD, content steering or interstitials: the player draws its own
// subtitles) is two thirds the size of the full one, and so reaches the first frame sooner.
import Hls from 'hls.js/light';
import { HD_MIN_HEIGHT, levelTitle } from '../engine-types.ts';
import type { EngineModule, QualityLevel, StreamEngine } from '../engine-types.ts';

export const engine: EngineModule = {
  isSupported: () => Hls.isSupported(),
  attach(video, url, modules, callbacks): StreamEngine {
    // HLS starts at 0 (docs/player/behaviour.md); a page's own settings come through
    // modules.configureHls. hls.js buffers whatever the preload attribute says: with 'none' or
    // 'metadata', until the first play it reads the master playlist only (a later source, after a
    // play, loads at once).
    const isDeferred =
      (video.preload === 'none' || video.preload === 'metadata') &&
      video.paused &&
      video.played.length === 0;
    const config = modules.configureHls({
      startPosition: 0,
      enableWorker: true,
      autoStartLoad: !isDeferred,
    });
    const hls = new Hls(config);
    modules.onBeforeInitHls(hls);
    const toLevels = (): QualityLevel[] =>
      hls.levels.map((level, id) => ({
        id,
        title: levelTitle(level.height),
        isHD: level.height >= HD_MIN_HEIGHT,
        bitrate: level.bitrate,
      }));
    hls.on(Hls.Events.MANIFEST_PARSED, () => callbacks.onLevels(toLevels()));
    hls.on(Hls.Events.LEVEL_LOADED, (_event, data) => callbacks.onLive(data.details.live));
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
        hls.recoverMediaError();
        return;
      }
      callbacks.onFatal(`HLS.js: ${data.details}`);
    });
    const startOnPlay = (): void => {
      // From where the page's settings start (a live's edge: startPosition -1) unless it seeked.
      if (!hls.config.autoStartLoad) hls.startLoad(video.currentTime || hls.config.startPosition);
    };
    if (isDeferred) video.addEventListener('play', startOnPlay, { once: true });
    hls.loadSource(url);
    hls.attachMedia(video);
    modules.onAfterInitHls(hls);
    return {
      levels: toLevels,
      // currentLevel switches at once (flushing the buffer), so a choice shows immediately.
      setLevel(id) {
        hls.currentLevel = id;
      },
      selectedLevel: () => (hls.autoLevelEnabled ? -1 : hls.currentLevel),
      liveSyncPosition: () => hls.liveSyncPosition,
      destroy: () => {
        video.removeEventListener('play', startOnPlay);
        hls.destroy();
      },
      kind: 'hls.js',
      instance: hls,
    };
  },
};
