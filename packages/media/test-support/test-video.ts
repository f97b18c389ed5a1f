import { runFfmpeg } from '../src/ffmpeg-runner';

export interface TestVideoOptions {
  path: string;
  width: number;
  height: number;
  seconds: number;
  fps?: number;
  hasAudio?: boolean;
  /** H.264 rate like `8M`; the x264 default quality when absent. */
  videoBitrate?: string;
  /** Keyframe interval in frames (phones and cameras: about a second or two). */
  gopFrames?: number;
  /** x264 preset; ultrafast keeps test set-up quick. */
  preset?: string;
  ffmpegPath?: string;
}

/** A test pattern with a tone, encoded as H.264/AAC MP4: the kind of file users upload. */
export async function generateTestVideo(options: TestVideoOptions): Promise<void> {
  const fps = options.fps ?? 25;
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
  args.push('-f', 'lavfi', '-i', `testsrc2=size=${options.width}x${options.height}:rate=${fps}`);
  if (options.hasAudio !== false) {
    args.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  }
  args.push(
    '-t',
    String(options.seconds),
    '-c:v',
    'libx264',
    '-preset',
    options.preset ?? 'veryfast',
  );
  args.push('-pix_fmt', 'yuv420p', '-g', String(options.gopFrames ?? fps * 2));
  if (options.videoBitrate) {
    const rate = options.videoBitrate;
    args.push('-b:v', rate, '-maxrate', rate, '-bufsize', rate, '-x264-params', 'nal-hrd=vbr');
  }
  if (options.hasAudio !== false) args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2');
  args.push('-movflags', '+faststart', options.path);
  await runFfmpeg({ ffmpegPath: options.ffmpegPath, args });
}
