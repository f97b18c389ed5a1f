import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runFfmpeg, runTool } from './ffmpeg-runner';
import {
  buildLadderArgs,
  buildSpriteSheetArgs,
  ladderDirectories,
  planLadder,
  THUMBS_DIR,
  type LadderPlan,
} from './ladder';
import {
  aacCodecString,
  avcCodecString,
  buildMasterPlaylist,
  buildSpritesVtt,
  measureBitrates,
  parseMediaPlaylist,
  type MasterVariant,
} from './playlists';
import { buildPosterArgs } from './poster';
import { buildSegmentProbeArgs, probeKeyframeInterval, probeMedia, type MediaInfo } from './probe';

export interface ProcessVideoOptions {
  /** The source, alone in its scratch folder: every run works in that folder. */
  input: string;
  /** An empty directory that receives every output file. */
  outputDir: string;
  ffmpegPath?: string;
  ffprobePath?: string;
  x264Preset?: string;
  withAv1?: boolean;
  withSprites?: boolean;
  /** Already probed media info, to skip probing again. */
  info?: MediaInfo;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export interface ProcessedRendition {
  name: string;
  quality: number;
  width: number;
  height: number;
  bandwidth: number;
  isRemux: boolean;
}

/** What a processing run made; paths are relative to the output directory. */
export interface ProcessedVideo {
  masterPlaylist: string;
  poster: string;
  posterWebp: string | null;
  spritesVtt: string | null;
  av1: string | null;
  durationSeconds: number;
  width: number;
  height: number;
  aspectRatio: number;
  topQuality: number;
  renditions: ProcessedRendition[];
  plan: LadderPlan;
}

export const MASTER_PLAYLIST = 'hls/master.m3u8';
export const SPRITES_VTT = 'sprites/sprites.vtt';

/** Share of the progress bar the ladder run takes; the poster and playlists do the rest. */
const LADDER_SHARE = 95;

/**
 * Turns a source file into everything a video page needs: the HLS ladder with its master
 * playlist, poster, preview sprites with their WebVTT index, and optionally an AV1 file.
 */
export async function processVideoFiles(options: ProcessVideoOptions): Promise<ProcessedVideo> {
  const probe = { ffprobePath: options.ffprobePath, signal: options.signal };
  const info = options.info ?? (await probeMedia(options.input, probe));
  const maxKeyframeIntervalSeconds = await probeKeyframeInterval(
    options.input,
    info.demuxer,
    probe,
  );
  const cwd = dirname(options.input);
  const plan = planLadder(info, {
    maxKeyframeIntervalSeconds,
    withAv1: options.withAv1,
    withSprites: options.withSprites,
    x264Preset: options.x264Preset,
  });
  const out = options.outputDir;
  for (const dir of ladderDirectories(plan)) await mkdir(join(out, dir), { recursive: true });

  await runFfmpeg({
    ffmpegPath: options.ffmpegPath,
    args: buildLadderArgs(plan, options.input, { outputDir: out }),
    durationSeconds: info.durationSeconds,
    onProgress: (p) => options.onProgress?.((p * LADDER_SHARE) / 100),
    signal: options.signal,
    cwd,
  });
  await runFfmpeg({
    ffmpegPath: options.ffmpegPath,
    args: buildPosterArgs(info, options.input, out),
    signal: options.signal,
    cwd,
  });
  let thumbnailCount = 0;
  if (plan.sprites) {
    thumbnailCount = (await readdir(join(out, THUMBS_DIR))).length;
    if (thumbnailCount > 0) {
      await runFfmpeg({
        ffmpegPath: options.ffmpegPath,
        args: buildSpriteSheetArgs(plan, out),
        signal: options.signal,
        cwd,
      });
    }
    await rm(join(out, THUMBS_DIR), { recursive: true, force: true });
  }

  const sizeIn = (dir: string) => (uri: string) => statSizeSync(join(out, dir, uri));
  const audio =
    plan.audio === 'none'
      ? null
      : {
          uri: 'audio/index.m3u8',
          channels: plan.audio === 'copy' ? (info.audio?.channels ?? 2) : 2,
          codecs: aacCodecString(plan.audio === 'copy' ? (info.audio?.profile ?? null) : 'LC'),
          rates: measureBitrates(
            parseMediaPlaylist(await readFile(join(out, 'hls/audio/index.m3u8'), 'utf8')),
            sizeIn('hls/audio'),
          ),
        };

  const variants: MasterVariant[] = [];
  const renditions: ProcessedRendition[] = [];
  for (const rung of plan.rungs) {
    const dir = `hls/${rung.name}`;
    const segments = parseMediaPlaylist(await readFile(join(out, dir, 'index.m3u8'), 'utf8'));
    if (segments.length === 0) throw new Error(`Rendition ${rung.name} has no segments`);
    const rates = measureBitrates(segments, sizeIn(dir));
    const stream = await probeFirstVideoStream(join(out, dir, segments[0]!.uri), options);
    const codecs = [avcCodecString(stream.profile, stream.level)];
    if (audio) codecs.push(audio.codecs);
    const bandwidth = rates.peakBps + (audio?.rates.peakBps ?? 0);
    variants.push({
      uri: `${rung.name}/index.m3u8`,
      bandwidth,
      averageBandwidth: rates.averageBps + (audio?.rates.averageBps ?? 0),
      width: rung.width,
      height: rung.height,
      codecs: codecs.join(','),
      frameRate: plan.frameRate,
    });
    renditions.push({
      name: rung.name,
      quality: rung.quality,
      width: rung.width,
      height: rung.height,
      bandwidth,
      isRemux: rung.isRemux,
    });
  }
  await writeFile(join(out, MASTER_PLAYLIST), buildMasterPlaylist(variants, audio));

  let spritesVtt: string | null = null;
  if (plan.sprites) {
    const count = thumbnailCount;
    await writeFile(
      join(out, SPRITES_VTT),
      buildSpritesVtt(plan.sprites, info.durationSeconds, count),
    );
    spritesVtt = SPRITES_VTT;
  }
  options.onProgress?.(100);

  const top = plan.rungs[0]!;
  return {
    masterPlaylist: MASTER_PLAYLIST,
    poster: 'poster.jpg',
    posterWebp: existsSync(join(out, 'poster.webp')) ? 'poster.webp' : null,
    spritesVtt,
    av1: plan.av1 ? 'av1/av1.mp4' : null,
    durationSeconds: info.durationSeconds,
    width: info.video.width,
    height: info.video.height,
    aspectRatio: info.video.width / info.video.height,
    topQuality: top.quality,
    renditions,
    plan,
  };
}

function statSizeSync(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

async function probeFirstVideoStream(
  path: string,
  options: { ffprobePath?: string; signal?: AbortSignal },
): Promise<{ profile: string | null; level: number | null }> {
  const json = await runTool(options.ffprobePath ?? 'ffprobe', buildSegmentProbeArgs(path), {
    signal: options.signal,
    cwd: dirname(path),
  });
  const stream = (JSON.parse(json) as { streams?: { profile?: string; level?: number }[] })
    .streams?.[0];
  return { profile: stream?.profile ?? null, level: stream?.level ?? null };
}
