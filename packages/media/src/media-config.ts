type Env = Record<string, string | undefined>;

/** Settings of the media pipeline; each has an environment variable and a default. */
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
}

const isOn = (value: string | undefined) => value === 'true' || value === '1';

export function loadMediaConfig(env: Env = process.env): MediaConfig {
  return {
    ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
    ffprobePath: env.FFPROBE_PATH || 'ffprobe',
    isAv1Enabled: isOn(env.AV1_ENABLED),
    x264Preset: env.TRANSCODE_PRESET || 'veryfast',
    tmpDir: env.TRANSCODE_TMP_DIR || undefined,
  };
}
