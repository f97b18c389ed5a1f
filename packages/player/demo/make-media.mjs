// Makes the short test media the demo and the browser tests play: an MP4 in two sizes, an HLS
// stream with three renditions, a DASH stream, subtitles, a thumbnail sprite with its VTT, a
// poster, a logo and a suggested-videos config. Usage: node demo/make-media.mjs [outDir]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MEDIA_VERSION = '3';
export const DURATION = 6;
const RENDITIONS = [
  { height: 180, width: 320, bitrate: '200k' },
  { height: 360, width: 640, bitrate: '500k' },
  { height: 720, width: 1280, bitrate: '1200k' },
];

function ffmpeg(args) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    stdio: 'inherit',
  });
}

const source = (w, h) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${w}x${h}:rate=25:duration=${DURATION}`,
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=440:sample_rate=44100:duration=${DURATION}`,
];
// Fixed 1 s GOPs so segments cut cleanly for HLS and DASH.
const h264 = (bitrate) => [
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-profile:v',
  'baseline',
  '-pix_fmt',
  'yuv420p',
  '-b:v',
  bitrate,
  '-g',
  '25',
  '-keyint_min',
  '25',
  '-sc_threshold',
  '0',
  '-c:a',
  'aac',
  '-b:a',
  '64k',
  '-ac',
  '1',
];

function vtt(cues) {
  const t = (s) =>
    `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
  return `WEBVTT\n\n${cues.map(([a, b, text]) => `${t(a)} --> ${t(b)}\n${text}`).join('\n\n')}\n`;
}

const isCurrent = (dir) => {
  const marker = join(dir, '.media-version');
  return existsSync(marker) && readFileSync(marker, 'utf8') === MEDIA_VERSION;
};

/**
 * Writes the media into `dir` once; later calls with the same version reuse it. Two test
 * processes may ask at once on a new machine: each makes its own copy beside `dir` and moves it
 * into place whole, so neither reads (or overwrites) the other's half-written files.
 */
export function makeMedia(dir) {
  const final = resolve(dir);
  if (isCurrent(final)) return final;
  const part = join(dirname(final), `.${basename(final)}.${process.pid}.part`);
  rmSync(part, { recursive: true, force: true });
  writeMedia(part);
  if (!isCurrent(final)) {
    // Media of an older version goes; a copy another process just moved in stays.
    if (existsSync(final)) rmSync(final, { recursive: true, force: true });
    try {
      renameSync(part, final);
    } catch (error) {
      // Another process moved its copy in first.
      if (!isCurrent(final)) throw error;
    }
  }
  rmSync(part, { recursive: true, force: true });
  return final;
}

function writeMedia(out) {
  const marker = join(out, '.media-version');
  mkdirSync(join(out, 'hls'), { recursive: true });
  mkdirSync(join(out, 'dash'), { recursive: true });

  for (const [w, h] of [
    [320, 180],
    [640, 360],
  ]) {
    ffmpeg([
      ...source(w, h),
      ...h264('400k'),
      '-movflags',
      '+faststart',
      join(out, `clip-${h}.mp4`),
    ]);
  }

  const master = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const r of RENDITIONS) {
    const dirName = `v${r.height}`;
    mkdirSync(join(out, 'hls', dirName), { recursive: true });
    ffmpeg([
      ...source(r.width, r.height),
      ...h264(r.bitrate),
      '-f',
      'hls',
      '-hls_time',
      '2',
      '-hls_playlist_type',
      'vod',
      // fMP4 segments: no .ts files for linters to trip on; hls.js plays them as they are.
      '-hls_segment_type',
      'fmp4',
      '-hls_fmp4_init_filename',
      'init.mp4',
      '-hls_segment_filename',
      join(out, 'hls', dirName, 'seg%02d.m4s'),
      join(out, 'hls', dirName, 'index.m3u8'),
    ]);
    const bandwidth = parseInt(r.bitrate, 10) * 1000 + 64000;
    master.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="avc1.42c01e,mp4a.40.2"`,
      `${dirName}/index.m3u8`,
    );
  }
  writeFileSync(join(out, 'hls', 'master.m3u8'), `${master.join('\n')}\n`);
  // A live-looking playlist: the same segments without an end, so the duration is unbounded.
  const vod = readFileSync(join(out, 'hls', 'v180', 'index.m3u8'), 'utf8');
  writeFileSync(
    join(out, 'hls', 'v180', 'live.m3u8'),
    vod.replace('#EXT-X-PLAYLIST-TYPE:VOD\n', '').replace('#EXT-X-ENDLIST\n', ''),
  );

  ffmpeg([
    ...source(320, 180),
    ...h264('300k'),
    '-f',
    'dash',
    '-seg_duration',
    '2',
    '-use_template',
    '1',
    '-use_timeline',
    '0',
    '-adaptation_sets',
    'id=0,streams=v id=1,streams=a',
    join(out, 'dash', 'manifest.mpd'),
  ]);

  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=1:duration=1',
    '-frames:v',
    '1',
    join(out, 'poster.jpg'),
  ]);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'color=c=0xe0303b:s=96x32',
    '-frames:v',
    '1',
    join(out, 'logo.png'),
  ]);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'color=c=0x3050e0:s=96x32',
    '-frames:v',
    '1',
    join(out, 'logo-hover.png'),
  ]);
  // One 160x90 thumbnail per second, six in a row.
  ffmpeg([
    '-i',
    join(out, 'clip-360.mp4'),
    '-vf',
    'fps=1,scale=160:90,tile=6x1',
    '-frames:v',
    '1',
    join(out, 'thumbs.jpg'),
  ]);
  const thumbCues = [];
  for (let s = 0; s < DURATION; s++)
    thumbCues.push([s, s + 1, `thumbs.jpg#xywh=${s * 160},0,160,90`]);
  writeFileSync(join(out, 'thumbs.vtt'), vtt(thumbCues));

  writeFileSync(
    join(out, 'subs-en.vtt'),
    vtt([
      [0, 2, 'First line of the subtitles'],
      [2, 4, 'Second line'],
      [4, 6, 'Third line'],
    ]),
  );
  writeFileSync(
    join(out, 'subs-fr.vtt'),
    vtt([
      [0, 2, 'Première ligne'],
      [2, 4, 'Deuxième ligne'],
      [4, 6, 'Troisième ligne'],
    ]),
  );

  const suggested = Array.from({ length: 15 }, (_, i) => ({
    id: `s${i + 1}`,
    title: `Suggested video ${i + 1}`,
    thumbnailUrl: 'poster.jpg',
    sources: [{ url: 'clip-180.mp4', resolution: '180p', mimeType: 'video/mp4' }],
    subtitles: [{ label: 'English', lang: 'en', url: 'subs-en.vtt' }],
  }));
  writeFileSync(join(out, 'suggested.json'), JSON.stringify(suggested, null, 2));
  writeFileSync(marker, MEDIA_VERSION);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? join(fileURLToPath(new URL('.', import.meta.url)), 'media');
  const started = Date.now();
  makeMedia(dir);
  console.log(`Media in ${dir} (${Date.now() - started} ms)`);
}
