import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../kernel/errors/service-error';
import { PEOPLE_MESSAGES } from '../social/people-messages';
import { avatarArgs, encodeAvatar, imageDemuxer } from './avatar.service';

const work = mkdtempSync(join(tmpdir(), 'cutroom-avatar-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A picture of the given kind, as ffmpeg writes it. */
function picture(name: string): Buffer {
  const path = join(work, name);
  const args = ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=96x64'];
  execFileSync('ffmpeg', [...args, '-frames:v', '1', path]);
  return readFileSync(path);
}

describe('avatar intake', () => {
  it('reads each accepted picture with its own demuxer and the file protocol only', async () => {
    for (const [name, demuxer] of [
      ['a.jpg', 'jpeg_pipe'],
      ['a.png', 'png_pipe'],
      ['a.gif', 'gif'],
      ['a.webp', 'webp_pipe'],
    ] as const) {
      const bytes = picture(name);
      expect([name, imageDemuxer(bytes)]).toEqual([name, demuxer]);
      const webp = await encodeAvatar(bytes);
      expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
    const args = avatarArgs('input', 'avatar.webp', 'png_pipe');
    expect(args.slice(args.indexOf('-i') - 4, args.indexOf('-i') + 2)).toEqual([
      '-protocol_whitelist',
      'file',
      '-f',
      'png_pipe',
      '-i',
      'input',
    ]);
  });

  it('refuses a playlist, a concat list or a video before ffmpeg reads it', async () => {
    const hostile = [
      '#EXTM3U\n#EXTINF:1.0,\n/etc/passwd\n#EXT-X-ENDLIST\n',
      "ffconcat version 1.0\nfile '/etc/passwd'\n",
    ].map((text) => Buffer.from(text));
    execFileSync('ffmpeg', [
      ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=96x64'],
      ...['-t', '1', join(work, 'clip.mp4')],
    ]);
    for (const bytes of [...hostile, readFileSync(join(work, 'clip.mp4'))]) {
      expect(imageDemuxer(bytes)).toBeNull();
      await expect(encodeAvatar(bytes)).rejects.toThrow(
        new ServiceError('invalid', PEOPLE_MESSAGES.avatarNotImage),
      );
    }
  });
});
