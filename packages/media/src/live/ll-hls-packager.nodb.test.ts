import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LlHlsPackager,
  PART_SECONDS,
  deltaPlaylist,
  isReloadReady,
  playlistEdge,
  type LlHlsUpdate,
} from './ll-hls-packager';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'cutroom-ll-hls-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** ffmpeg writing a live rung as the ladder does: fragmented MP4, a fragment per part. */
function encoder(seconds: number, size = '320x180'): Readable {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=30:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
      ...['-g', '30', '-keyint_min', '30', '-sc_threshold', '0', '-c:a', 'aac', '-b:a', '64k'],
      ...['-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof'],
      ...['-frag_duration', String(PART_SECONDS * 1_000_000), 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return child.stdout;
}

const tagged = (playlist: string, tag: string) =>
  playlist.split('\n').filter((line) => line.startsWith(tag));
const attribute = (line: string, name: string) =>
  new RegExp(`${name}=("?)([^",]*)\\1`).exec(line)?.[2];

describe('the live rung packager (LL-HLS)', () => {
  it('makes each fragment a part as it comes, joins them at keyframes, and lists both', async () => {
    const updates: LlHlsUpdate[] = [];
    const packager = new LlHlsPackager({
      folder,
      segmentSeconds: 1,
      windowSegments: 720,
      onUpdate: (update) => {
        // What an update names is on disk when it is told.
        for (const name of update.written) expect(existsSync(join(folder, name))).toBe(true);
        updates.push(update);
      },
    });
    await packager.feed(encoder(4));

    const playlist = readFileSync(join(folder, 'index.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES');
    expect(tagged(playlist, '#EXT-X-PART-INF')).toHaveLength(1);
    expect(tagged(playlist, '#EXT-X-MAP')).toEqual(['#EXT-X-MAP:URI="init-1.mp4"']);
    expect(tagged(playlist, '#EXT-X-PRELOAD-HINT')).toHaveLength(1);
    // Four one-second segments, each starting at a keyframe.
    const durations = tagged(playlist, '#EXTINF').map((line) => parseFloat(line.slice(8)));
    expect(durations).toHaveLength(4);
    for (const seconds of durations) expect(seconds).toBeCloseTo(1, 1);
    // Parts about PART_SECONDS long, never longer than a frame over it; the first of each
    // segment independent.
    const parts = tagged(playlist, '#EXT-X-PART:');
    expect(parts.length).toBeGreaterThanOrEqual(3 * 4);
    for (const line of parts) {
      expect(Number(attribute(line, 'DURATION'))).toBeLessThanOrEqual(PART_SECONDS + 1 / 30 + 1e-3);
    }
    expect(parts.filter((line) => line.includes(`part-1.0.m4s`))[0]).toContain('INDEPENDENT=YES');

    // A segment is its parts, and it plays: its 30 frames decode after the init segment.
    const segment = readFileSync(join(folder, 'seg-00001.m4s'));
    const partBytes = parts
      .map((line) => attribute(line, 'URI')!)
      .filter((name) => name.startsWith('part-1.'))
      .map((name) => readFileSync(join(folder, name)));
    expect(Buffer.concat(partBytes).equals(segment)).toBe(true);
    writeFileSync(
      join(folder, 'joined.mp4'),
      Buffer.concat([readFileSync(join(folder, 'init-1.mp4')), segment]),
    );
    const frames = execFileSync(
      'ffprobe',
      [
        ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
        ...['-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0'],
        join(folder, 'joined.mp4'),
      ],
      { encoding: 'utf8' },
    );
    expect(Number(frames.trim())).toBe(30);

    // The updates came part by part, the newest part moving forward.
    expect(updates.length).toBeGreaterThan(parts.length);
    const edges = updates.map((update) => update.msn * 1000 + update.part);
    expect([...edges].sort((a, b) => a - b)).toEqual(edges);
    // The edge read back from each playlist's text is the packager's (a node reading storage).
    for (const update of updates)
      expect(playlistEdge(update.playlist)).toEqual({ msn: update.msn, part: update.part });
    // Each whole segment is told once, in order, with its length and init.
    const closed = updates.flatMap((update) => update.closed);
    expect(closed.map((segment) => segment.name)).toEqual([
      'seg-00000.m4s',
      'seg-00001.m4s',
      'seg-00002.m4s',
      'seg-00003.m4s',
    ]);
    expect(closed.every((segment) => segment.init === 'init-1.mp4')).toBe(true);
    expect(closed[1]!.seconds).toBeCloseTo(durations[1]!, 4);

    await packager.finish();
    const ended = readFileSync(join(folder, 'index.m3u8'), 'utf8');
    expect(ended.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(ended).not.toContain('#EXT-X-PRELOAD-HINT');
  }, 60_000);

  it('continues the playlist with a stream back (a discontinuity, its own init), and lets old parts go', async () => {
    const packager = new LlHlsPackager({ folder, segmentSeconds: 1, windowSegments: 6 });
    await packager.feed(encoder(3));
    await packager.feed(encoder(4, '256x144'));
    const playlist = readFileSync(join(folder, 'index.m3u8'), 'utf8');
    // Seven segments made, six in the window.
    expect(tagged(playlist, '#EXT-X-MEDIA-SEQUENCE')).toEqual(['#EXT-X-MEDIA-SEQUENCE:1']);
    expect(tagged(playlist, '#EXTINF')).toHaveLength(6);
    expect(playlist.split('\n').filter((line) => line === '#EXT-X-DISCONTINUITY')).toHaveLength(1);
    expect(tagged(playlist, '#EXT-X-DISCONTINUITY-SEQUENCE')).toEqual([
      '#EXT-X-DISCONTINUITY-SEQUENCE:0',
    ]);
    expect(tagged(playlist, '#EXT-X-MAP')).toEqual([
      '#EXT-X-MAP:URI="init-1.mp4"',
      '#EXT-X-MAP:URI="init-2.mp4"',
    ]);
    const lines = playlist.split('\n');
    expect(lines.indexOf('#EXT-X-DISCONTINUITY')).toBe(
      lines.indexOf('#EXT-X-MAP:URI="init-2.mp4"') - 1,
    );
    // Only the newest segments keep their parts, listed and on disk; segments stay (the replay).
    const listedParts = tagged(playlist, '#EXT-X-PART:').map((line) => attribute(line, 'URI')!);
    expect(new Set(listedParts.map((name) => name.split('.')[0]))).toEqual(
      new Set(['part-4', 'part-5', 'part-6']),
    );
    expect(existsSync(join(folder, 'part-0.0.m4s'))).toBe(false);
    expect(existsSync(join(folder, 'part-6.0.m4s'))).toBe(true);
    expect(existsSync(join(folder, 'seg-00000.m4s'))).toBe(true);
  }, 60_000);

  it('answers a delta update with the last 12 s listed, the rest skipped, the init kept', () => {
    const segment = (msn: number, init?: string, isDiscontinuity = false) =>
      [
        ...(isDiscontinuity ? ['#EXT-X-DISCONTINUITY'] : []),
        ...(init ? [`#EXT-X-MAP:URI="${init}"`] : []),
        `#EXT-X-PROGRAM-DATE-TIME:2026-12-07T12:00:${String(msn).padStart(2, '0')}.000Z`,
        '#EXTINF:1.00000,',
        `seg-${String(msn).padStart(5, '0')}.m4s`,
      ].join('\n');
    const header = [
      '#EXTM3U',
      '#EXT-X-VERSION:9',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-MEDIA-SEQUENCE:10',
      '#EXT-X-DISCONTINUITY-SEQUENCE:0',
    ].join('\n');
    const tail =
      '#EXT-X-PART:DURATION=0.20000,URI="part-40.0.m4s",INDEPENDENT=YES\n#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-40.1.m4s"\n';
    const segments = Array.from({ length: 30 }, (_, i) =>
      segment(10 + i, i === 0 ? 'init-1.mp4' : i === 5 ? 'init-2.mp4' : undefined, i === 5),
    );
    const full = `${header}\n${segments.join('\n')}\n${tail}`;
    const delta = deltaPlaylist(full);
    expect(tagged(delta, '#EXT-X-SKIP')).toEqual(['#EXT-X-SKIP:SKIPPED-SEGMENTS=18']);
    expect(tagged(delta, '#EXTINF')).toHaveLength(12);
    // The first segment listed names the init it needs; nothing of the skipped is left.
    expect(tagged(delta, '#EXT-X-MAP')).toEqual(['#EXT-X-MAP:URI="init-2.mp4"']);
    expect(delta).not.toContain('#EXT-X-DISCONTINUITY\n');
    expect(delta.indexOf('#EXT-X-MAP')).toBeLessThan(delta.indexOf('seg-00028.m4s'));
    expect(delta).toContain('#EXT-X-MEDIA-SEQUENCE:10');
    expect(delta.endsWith(tail)).toBe(true);
    // The same edge either way.
    expect(playlistEdge(delta)).toEqual(playlistEdge(full));
    expect(playlistEdge(full)).toEqual({ msn: 40, part: 0 });
    // A short playlist is answered whole.
    const short = `${header}\n${segments.slice(0, 5).join('\n')}\n${tail}`;
    expect(deltaPlaylist(short)).toBe(short);
  });

  it('refuses a stream with a box no encoder writes, without holding it', async () => {
    const packager = new LlHlsPackager({ folder, segmentSeconds: 1, windowSegments: 6 });
    const box = Buffer.alloc(8);
    box.writeUInt32BE(0x7fffffff, 0);
    box.write('ftyp', 4, 'latin1');
    await expect(packager.feed(Readable.from([box]))).rejects.toThrow(/a box of \d+ bytes/);
  });

  it('answers a blocking reload once the part or the whole segment asked for is there', () => {
    const edge = { msn: 5, part: 2 };
    expect(isReloadReady(edge, 5, 2)).toBe(true);
    expect(isReloadReady(edge, 5, 3)).toBe(false);
    expect(isReloadReady(edge, 4, 9)).toBe(true);
    expect(isReloadReady(edge, 5)).toBe(false);
    expect(isReloadReady(edge, 4)).toBe(true);
    expect(isReloadReady(edge, 6, 0)).toBe(false);
  });
});
