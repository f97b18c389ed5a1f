import type { Config } from '@cutroom/core/platform/config/config';

/** Settings of the media pipeline, taken from the configuration (ConfigSchema documents each). */
export interface MediaConfig {
  /** ffmpeg binary (FFMPEG_PATH, default `ffmpeg` from PATH). */
  ffmpegPath: string;
  /** ffprobe binary (FFPROBE_PATH, default `ffprobe` from PATH). */
  ffprobePath: string;
  /** Also write an AV1 rendition (AV1_ENABLED, default off: it costs several times the H.264 ladder). */
  isAv1Enabled: boolean;
  /** x264 preset for the ladder (TRANSCODE_PRESET, default veryfast). */
  x264Preset: string;
  /** Scratch space for jobs (TRANSCODE_TMP_DIR, default the OS temp directory). */
  tmpDir: string | undefined;
  /**
   * Seconds a video's previous files stay after new ones take their place
   * (OLD_MEDIA_GRACE_SECONDS, default 600): open pages follow the new files meanwhile.
   */
  oldMediaGraceSeconds: number;
}

export type MediaSettings = Partial<
  Pick<
    Config,
    | 'FFMPEG_PATH'
    | 'FFPROBE_PATH'
    | 'AV1_ENABLED'
    | 'TRANSCODE_PRESET'
    | 'TRANSCODE_TMP_DIR'
    | 'OLD_MEDIA_GRACE_SECONDS'
  >
>;

/** The media pipeline's settings from the configuration; missing ones take their defaults. */
export function mediaConfigFrom(config: MediaSettings = {}): MediaConfig {
  return {
    ffmpegPath: config.FFMPEG_PATH || 'ffmpeg',
    ffprobePath: config.FFPROBE_PATH || 'ffprobe',
    isAv1Enabled: config.AV1_ENABLED ?? false,
    x264Preset: config.TRANSCODE_PRESET || 'veryfast',
    tmpDir: config.TRANSCODE_TMP_DIR || undefined,
    oldMediaGraceSeconds: config.OLD_MEDIA_GRACE_SECONDS ?? 600,
  };
}
