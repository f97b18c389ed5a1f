import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@cutroom/core/platform/logging/logger';
import { OUT_OF_SPACE_MESSAGE } from '@cutroom/media/uploads/upload.service';
import {
  createUploadServer,
  MAX_OPEN_UPLOADS,
  SIZE_EXCEEDED_MESSAGE,
  TOO_MANY_OPEN_UPLOADS_MESSAGE,
  UPLOAD_PATH,
} from './uploads';

const directory = mkdtempSync(join(tmpdir(), 'cutroom-uploads-test-'));
const uploads = createUploadServer({
  directory,
  maxBytes: 1024 * 1024,
  // The member the request names in x-test-member, else u1.
  getViewer: async (headers) => ({
    id: headers.get('x-test-member') ?? 'u1',
    username: 'member',
    role: 'user',
    emailVerified: true,
    isSupporter: false,
  }),
  log: createLogger({ level: 'silent' }),
});
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => void uploads.server.handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(directory, { recursive: true, force: true });
});

describe('the upload server', () => {
  it('stores what a PATCH sends and resumes from the offset it holds', async () => {
    const headers = { 'tus-resumable': '1.0.0' };
    const created = await fetch(`${base}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: { ...headers, 'upload-length': '10' },
    });
    const location = new URL(created.headers.get('location')!, `${base}${UPLOAD_PATH}/`);
    const patch = (offset: number, bytes: string) =>
      fetch(location, {
        method: 'PATCH',
        headers: {
          ...headers,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
        },
        body: bytes,
      });
    expect((await patch(0, 'abcd')).headers.get('upload-offset')).toBe('4');
    const head = await fetch(location, { method: 'HEAD', headers });
    expect(head.headers.get('upload-offset')).toBe('4');
    // (The last bytes would complete it, and a finished file must be a video.)
    expect((await patch(4, 'efg')).headers.get('upload-offset')).toBe('7');
    const id = location.pathname.split('/').pop()!;
    expect(readFileSync(join(directory, id), 'utf8')).toBe('abcdefg');
  });

  it.runIf(existsSync('/dev/full'))(
    'answers 507 with a clear message when the disk is full',
    async () => {
      const headers = { 'tus-resumable': '1.0.0' };
      const created = await fetch(`${base}${UPLOAD_PATH}`, {
        method: 'POST',
        headers: { ...headers, 'upload-length': '1000' },
      });
      expect(created.status).toBe(201);
      const location = new URL(created.headers.get('location')!, `${base}${UPLOAD_PATH}/`);
      const id = location.pathname.split('/').pop()!;
      // Every write to /dev/full fails with ENOSPC, as on a full disk.
      unlinkSync(join(directory, id));
      symlinkSync('/dev/full', join(directory, id));
      const patched = await fetch(location, {
        method: 'PATCH',
        headers: {
          ...headers,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '0',
        },
        body: new Uint8Array(1000),
      });
      const text = await patched.clone().text();
      expect(`${patched.status} ${text}`).toBe(`507 ${OUT_OF_SPACE_MESSAGE}`);
      expect(await patched.text()).toBe(OUT_OF_SPACE_MESSAGE);
    },
  );

  it('caps the unfinished uploads one member may hold, naming the cap', async () => {
    const start = (member: string) =>
      fetch(`${base}${UPLOAD_PATH}`, {
        method: 'POST',
        headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', 'x-test-member': member },
      });
    const locations: URL[] = [];
    for (let i = 0; i < MAX_OPEN_UPLOADS; i++) {
      const created = await start('capped');
      expect(created.status).toBe(201);
      locations.push(new URL(created.headers.get('location')!, `${base}${UPLOAD_PATH}/`));
    }
    const refused = await start('capped');
    expect(`${refused.status} ${await refused.text()}`).toBe(
      `429 ${TOO_MANY_OPEN_UPLOADS_MESSAGE}`,
    );
    expect(TOO_MANY_OPEN_UPLOADS_MESSAGE).toContain(`${MAX_OPEN_UPLOADS} unfinished uploads`);
    // Another member is not held back by them.
    expect((await start('someone-else')).status).toBe(201);
    // Cancelling one makes room for the next.
    const cancelled = await fetch(locations[0]!, {
      method: 'DELETE',
      headers: { 'tus-resumable': '1.0.0', 'x-test-member': 'capped' },
    });
    expect(cancelled.status).toBe(204);
    expect((await start('capped')).status).toBe(201);
  });
});

describe('what the upload server leaves on disk', () => {
  const tus = (member: string) => ({ 'tus-resumable': '1.0.0', 'x-test-member': member });
  const entries = () => readdirSync(directory).sort();
  const start = async (member: string, length: number) => {
    const created = await fetch(`${base}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: { ...tus(member), 'upload-length': String(length) },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, `${base}${UPLOAD_PATH}/`);
    return { location, id: location.pathname.split('/').pop()! };
  };

  it('answers 413 to a creation over the maximum size, and keeps nothing', async () => {
    const before = entries();
    for (const length of [1024 * 1024 + 1, 5 * 1024 ** 3]) {
      const created = await fetch(`${base}${UPLOAD_PATH}`, {
        method: 'POST',
        headers: { ...tus('large'), 'upload-length': String(length) },
      });
      expect(`${created.status} ${await created.text()}`).toBe(
        '413 This file is larger than the upload limit of 1 MiB',
      );
    }
    expect(entries()).toEqual(before);
  });

  it('keeps nothing of a creation that sends more bytes than it declared', async () => {
    const before = entries();
    const created = await fetch(`${base}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        ...tus('overflowing'),
        'upload-length': '10',
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(64 * 1024),
    });
    expect(`${created.status} ${await created.text()}`).toBe(`413 ${SIZE_EXCEEDED_MESSAGE}`);
    expect(entries()).toEqual(before);
  });

  it('keeps nothing of an upload refused when it finishes', async () => {
    const before = entries();
    const { location } = await start('refused', 10);
    const finished = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...tus('refused'),
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      body: 'not video!',
    });
    expect(finished.status).toBe(400);
    expect(entries()).toEqual(before);
  });

  it('removes uploads untouched for a day, finished or not, and halves left behind', async () => {
    const unfinished = await start('abandoning', 10);
    const finished = await start('abandoning', 4);
    // Finished by the bytes on disk, as a check that never ran would leave it.
    writeFileSync(join(directory, finished.id), 'abcd');
    const stored = JSON.parse(readFileSync(join(directory, `${finished.id}.json`), 'utf8'));
    writeFileSync(join(directory, `${finished.id}.json`), JSON.stringify({ ...stored, offset: 4 }));
    // A description without its file, and a file without its description.
    const lonely = 'ab'.repeat(16);
    writeFileSync(join(directory, `${lonely}.json`), JSON.stringify({ id: lonely, size: 5 }));
    const orphan = 'cd'.repeat(16);
    writeFileSync(join(directory, orphan), 'x');
    const fresh = await start('abandoning', 10);

    // Within the day nothing goes: begun two days ago, but its last byte came just now.
    const begun = JSON.parse(readFileSync(join(directory, `${unfinished.id}.json`), 'utf8'));
    const twoDaysAgo = new Date(Date.now() - 48 * 60 * 60 * 1000);
    writeFileSync(
      join(directory, `${unfinished.id}.json`),
      JSON.stringify({ ...begun, creation_date: twoDaysAgo.toISOString() }),
    );
    utimesSync(join(directory, `${unfinished.id}.json`), twoDaysAgo, twoDaysAgo);
    expect(await uploads.removeExpired()).toBe(0);
    const later = Date.now() + 25 * 60 * 60 * 1000;
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    utimesSync(join(directory, `${lonely}.json`), old, old);
    utimesSync(join(directory, orphan), old, old);
    for (const id of [unfinished.id, finished.id, fresh.id]) {
      expect(entries()).toContain(`${id}.json`);
    }
    // A day on, the two uploads begun then are gone; the halves are gone by their age.
    expect(await uploads.removeExpired(later)).toBeGreaterThanOrEqual(4);
    const kept = entries();
    expect(kept).not.toContain(unfinished.id);
    expect(kept).not.toContain(`${finished.id}.json`);
    expect(kept).not.toContain(`${lonely}.json`);
    expect(kept).not.toContain(orphan);
  });

  it('a cancelled upload leaves neither its file nor its description', async () => {
    const { location, id } = await start('cancelling', 10);
    const cancelled = await fetch(location, { method: 'DELETE', headers: tus('cancelling') });
    expect(cancelled.status).toBe(204);
    expect(entries().filter((name) => name.startsWith(id))).toEqual([]);
  });
});
