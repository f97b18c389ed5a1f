import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runFfmpeg } from './ffmpeg-runner';
import {
  buildFirstRenditionArgs,
  buildLadderArgs,
  buildSpriteSheetArgs,
  firstRendition,
  ladderDirectories,
  planLadder,
  THUMBS_DIR,
  type LadderPlan,
  type Rung,
} from './ladder';
import {
  aacCodecString,
  avcCodecFromInit,
  initSegmentOf,
  audioTrackName,
  buildMasterPlaylist,
  hlsLanguage,
  buildSpritesVtt,
  measureBitrates,
  parseMediaPlaylist,
  type MasterAudio,
  type MasterVariant,
} from './playlists';
import { buildFrameArgs, buildPosterArgs, frameFiles, FRAMES_DIR } from './poster';
import { probeKeyframeInterval, probeMedia, type MediaInfo } from './probe';

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
  /**
   * Called once the first rendition, the audio, the poster and a master playlist naming that
   * one rendition are in the output directory: the video can be played from them while the
   * rest of the ladder is made (docs/decisions/0025). The run waits for it.
   */
  onFirstRendition?: (first: PlayableVideo) => Promise<void>;
  signal?: AbortSignal;
}

/** What a first rendition makes playable; paths are relative to the output directory. */
export interface PlayableVideo {
  masterPlaylist: string;
  poster: string;
  posterWebp: string | null;
  durationSeconds: number;
  width: number;
  height: number;
  aspectRatio: number;
  /** The one quality so far. */
  quality: number;
  rendition: ProcessedRendition;
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
  /** Candidate poster frames the owner may pick from (those that could be taken). */
  frames: string[];
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

/** Share of the progress bar the runs take; the poster and playlists do the rest. */
const LADDER_SHARE = 95;
/** Share the first rendition takes when it is encoded (a copy takes 1 %). */
const FIRST_SHARE = 15;

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
  const run = (args: string[], progress?: (p: number) => void) =>
    runFfmpeg({
      ffmpegPath: options.ffmpegPath,
      args,
      durationSeconds: progress ? info.durationSeconds : undefined,
      onProgress: progress,
      signal: options.signal,
      cwd,
    });

  // First: one rendition, the audio and the poster, and a master playlist naming them.
  const first = firstRendition(plan);
  await run(buildFirstRenditionArgs(plan, first, options.input, out), (p) =>
    options.onProgress?.((p * (first.isRemux ? 1 : FIRST_SHARE)) / 100),
  );
  await run(buildPosterArgs(info, options.input, out));
  const posterWebp = existsSync(join(out, 'poster.webp')) ? 'poster.webp' : null;
  const audios = await audioRenditions(plan, out);
  const audio = audios[0] ?? null;
  const firstVariant = await variantOf(first, plan, audio, out);
  await writeFile(join(out, MASTER_PLAYLIST), buildMasterPlaylist([firstVariant.variant], audios));
  const shape = {
    durationSeconds: info.durationSeconds,
    width: info.video.width,
    height: info.video.height,
    aspectRatio: info.video.width / info.video.height,
  };
  await options.onFirstRendition?.({
    masterPlaylist: MASTER_PLAYLIST,
    poster: 'poster.jpg',
    posterWebp,
    ...shape,
    quality: first.quality,
    rendition: firstVariant.rendition,
  });
  options.signal?.throwIfAborted();

  // Then the rest of the ladder in one run, with the sprites' thumbnails and the AV1 file.
  const rest = plan.rungs.filter((rung) => rung !== first);
  const start = first.isRemux ? 1 : FIRST_SHARE;
  if (rest.length > 0 || plan.sprites || plan.av1) {
    await run(
      buildLadderArgs(plan, options.input, {
        outputDir: out,
        skipRungs: [first.name],
        skipAudio: true,
      }),
      (p) => options.onProgress?.(start + (p * (LADDER_SHARE - start)) / 100),
    );
  }
  // Candidate poster frames: a cheap run of four seeks, never a reason to fail the video.
  await mkdir(join(out, FRAMES_DIR), { recursive: true });
  await run(buildFrameArgs(info, options.input, out)).catch(() => undefined);
  options.signal?.throwIfAborted();
  const frames = frameFiles().filter((file) => existsSync(join(out, file)));

  let thumbnailCount = 0;
  if (plan.sprites) {
    thumbnailCount = (await readdir(join(out, THUMBS_DIR))).length;
    if (thumbnailCount > 0) await run(buildSpriteSheetArgs(plan, out));
    await rm(join(out, THUMBS_DIR), { recursive: true, force: true });
  }

  const variants: MasterVariant[] = [];
  const renditions: ProcessedRendition[] = [];
  for (const rung of plan.rungs) {
    const made = rung === first ? firstVariant : await variantOf(rung, plan, audio, out);
    variants.push(made.variant);
    renditions.push(made.rendition);
  }
  await writeFile(join(out, MASTER_PLAYLIST), buildMasterPlaylist(variants, audios));

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
    posterWebp,
    frames,
    spritesVtt,
    av1: plan.av1 ? 'av1/av1.mp4' : null,
    ...shape,
    topQuality: top.quality,
    renditions,
    plan,
  };
}

type AudioRendition = MasterAudio & {
  codecs: string;
  rates: { peakBps: number; averageBps: number };
};

/**
 * The audio renditions' entries in the master playlist (one per audio stream kept, the default
 * first), measured from their segments; an empty list without audio.
 */
async function audioRenditions(plan: LadderPlan, out: string): Promise<AudioRendition[]> {
  const renditions: AudioRendition[] = [];
  for (const [index, track] of plan.audioTracks.entries()) {
    const dir = `hls/${track.name}`;
    const rates = measureBitrates(
      parseMediaPlaylist(await readFile(join(out, dir, 'index.m3u8'), 'utf8')),
      sizeIn(out, dir),
    );
    const language = hlsLanguage(track.language);
    renditions.push({
      uri: `${track.name}/index.m3u8`,
      channels: track.channels,
      language,
      name: audioTrackName(track.title, language, index),
      codecs: aacCodecString(track.profile),
      rates,
      bandwidth: rates.peakBps,
      averageBandwidth: rates.averageBps,
    });
  }
  return renditions;
}

const sizeIn = (out: string, dir: string) => (uri: string) => statSizeSync(join(out, dir, uri));

/** A written rung's master playlist entry: rates measured, codecs read from its init segment. */
async function variantOf(
  rung: Rung,
  plan: LadderPlan,
  audio: AudioRendition | null,
  out: string,
): Promise<{ variant: MasterVariant; rendition: ProcessedRendition }> {
  const dir = `hls/${rung.name}`;
  const playlist = await readFile(join(out, dir, 'index.m3u8'), 'utf8');
  const segments = parseMediaPlaylist(playlist);
  if (segments.length === 0) throw new Error(`Rendition ${rung.name} has no segments`);
  const rates = measureBitrates(segments, sizeIn(out, dir));
  const init = initSegmentOf(playlist);
  const codec = init && avcCodecFromInit(await readFile(join(out, dir, init)));
  if (!codec) throw new Error(`Rendition ${rung.name} has no H.264 init segment`);
  const codecs = [codec];
  if (audio) codecs.push(audio.codecs);
  const bandwidth = rates.peakBps + (audio?.rates.peakBps ?? 0);
  return {
    variant: {
      uri: `${rung.name}/index.m3u8`,
      bandwidth,
      averageBandwidth: rates.averageBps + (audio?.rates.averageBps ?? 0),
      width: rung.width,
      height: rung.height,
      codecs: codecs.join(','),
      frameRate: plan.frameRate,
    },
    rendition: {
      name: rung.name,
      quality: rung.quality,
      width: rung.width,
      height: rung.height,
      bandwidth,
      isRemux: rung.isRemux,
    },
  };
}

function statSizeSync(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}
