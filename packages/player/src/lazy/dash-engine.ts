// Loaded on demand: pulls dash.js into its own chunk.
import { MediaPlayer, supportsMediaSource } from 'dashjs';
import { HD_MIN_HEIGHT, levelTitle } from '../engine-types.ts';
import type { EngineModule, QualityLevel, StreamEngine } from '../engine-types.ts';

export const engine: EngineModule = {
  isSupported: () => supportsMediaSource(),
  attach(video, url, modules, callbacks): StreamEngine {
    const player = MediaPlayer().create();
    const settings = modules.configureDash({ debug: { logLevel: 1 } });
    player.updateSettings(settings);
    modules.onBeforeInitDash(player);
    let selected = -1;
    const toLevels = (): QualityLevel[] =>
      player.getRepresentationsByType('video').map((rep, id) => ({
        id,
        title: levelTitle(rep.height),
        isHD: rep.height >= HD_MIN_HEIGHT,
        bitrate: rep.bandwidth,
      }));
    player.on(MediaPlayer.events.STREAM_INITIALIZED, () => {
      callbacks.onLive(player.isDynamic());
      callbacks.onLevels(toLevels());
    });
    player.on(MediaPlayer.events.ERROR, (event) => {
      const code = (event as { error?: { code?: number } }).error?.code;
      // Manifest and download failures cannot recover; the core tries the next source.
      if (code !== undefined && code < 30) callbacks.onFatal(`DASH.js error ${code}`);
    });
    player.initialize(video, url, false);
    modules.onAfterInitDash(player);
    return {
      levels: toLevels,
      setLevel(id) {
        selected = id;
        const auto = id < 0;
        player.updateSettings({ streaming: { abr: { autoSwitchBitrate: { video: auto } } } });
        if (!auto) player.setRepresentationForTypeByIndex('video', id, true);
      },
      selectedLevel: () => selected,
      destroy: () => player.destroy(),
      kind: 'dash.js',
      instance: player,
    };
  },
};
