import { createHash, randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { text } from 'node:stream/consumers';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import tarStream from 'tar-stream';
import { replaceDatabase } from '../../../test-support/global-setup';
import { withServerDatabase } from '../../../test-support/server-database';
import { makeCommunity } from '../../../test-support/upgrade/community';
import { loadConfig, type Config } from '../config/config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import * as schema from '../db/schema';
import { createStorage } from '../storage/create-storage';
import type { S3Storage } from '../storage/s3-storage';
import { ArchiveDamagedError } from './archive';
import { createBackup } from './backup';
import { digestTables, countRows, type Queryable } from './database-copy';
import { answerSnapshotRequests } from './pglite-snapshot';
import { moveToServer, restoreBackup, RestoreRefusedError } from './restore';
import { pipeline } from 'node:stream/promises';

// A site with an object of each kind a community makes, backed up while a writer keeps
// writing, restored into a fresh site on each engine (PGlite and, when the run has one, a
// PostgreSQL server), and compared table by table and object by object.

const kind = process.env.TEST_DB_KIND ?? 'pglite';
const serverUrl = process.env.TEST_DATABASE_URL;
const root = mkdtempSync(join(tmpdir(), 'cutroom-backup-test-'));
const madeDatabases: string[] = [];
const silentLog = { info: () => undefined, error: () => undefined };

/** A new, empty database on the server (dropped after the file). */
async function emptyServerDatabase(): Promise<string> {
  const name = `cutroom_backup_${randomBytes(4).toString('hex')}`;
  await withServerDatabase(serverUrl!, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  madeDatabases.push(name);
  return replaceDatabase(serverUrl!, name);
}

function siteConfig(dataDir: string, databaseUrl?: string): Config {
  return loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'test' });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every media object's checksum, by key. */
async function mediaChecksums(config: Config): Promise<Record<string, string>> {
  const storage = createStorage(config);
  const sums: Record<string, string> = {};
  for (const object of await storage.listAll()) {
    sums[object.key] = sha256(readFileSync(storage.localPath!(object.key)));
  }
  return sums;
}

async function withDatabase<T>(config: Config, work: (db: Queryable) => Promise<T>): Promise<T> {
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : join(config.dataDir, 'db'),
  });
  try {
    return await work(handle.client as unknown as Queryable);
  } finally {
    await handle.close();
  }
}

let source: Config;
let sourceHandle: DatabaseHandle;
let stopAnswering = () => undefined as void;

beforeAll(async () => {
  const dataDir = join(root, 'source');
  if (kind === 'postgres') {
    source = siteConfig(dataDir, await emptyServerDatabase());
    const templateUrl = inject('templateDatabaseUrl');
    const name = new URL(source.DATABASE_URL!).pathname.slice(1);
    await withServerDatabase(serverUrl!, async (admin) => {
      await admin.query(`DROP DATABASE "${name}"`);
      await admin.query(
        `CREATE DATABASE "${name}" TEMPLATE "${new URL(templateUrl).pathname.slice(1)}"`,
      );
    });
    sourceHandle = await openDatabase({ url: source.DATABASE_URL });
  } else {
    source = siteConfig(dataDir);
    sourceHandle = await openDatabase({
      dataDir: join(dataDir, 'db'),
      loadDataDir: new Blob([readFileSync(inject('templateDumpPath'))]),
    });
    // This process holds the embedded database, as the site does: the backup asks it.
    stopAnswering = answerSnapshotRequests({
      database: sourceHandle,
      dataDir,
      log: silentLog,
    });
  }
  await makeCommunity(sourceHandle.db, createStorage(source));
  writeFileSync(join(dataDir, 'auth-secret'), `${randomBytes(48).toString('base64url')}\n`);
});

afterAll(async () => {
  stopAnswering();
  await sourceHandle?.close();
  for (const name of madeDatabases) {
    await withServerDatabase(serverUrl!, (admin) =>
      admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  }
  rmSync(root, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', () => {
  it(
    'backs up while a writer writes, and restores onto each engine what the backup saw',
    { timeout: 180_000 },
    async () => {
      // The writer: a comment every few milliseconds, each timed, until the backup ends.
      const [author] = await sourceHandle.db.select().from(schema.users).limit(1);
      const [video] = await sourceHandle.db.select().from(schema.videos).limit(1);
      let writing = true;
      let written = 0;
      let slowest = 0;
      const writer = (async () => {
        while (writing) {
          const started = Date.now();
          await sourceHandle.db.insert(schema.comments).values({
            id: `w${written}`,
            videoId: video!.id,
            authorId: author!.id,
            body: `written during the backup ${written}`,
          });
          written++;
          slowest = Math.max(slowest, Date.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const archive = join(root, 'site.cutroom-backup');
      const writtenBefore = written;
      const lines: string[] = [];
      const backup = await createBackup({
        config: source,
        out: archive,
        progress: (line) => lines.push(line),
      });
      const writtenAfter = written;
      writing = false;
      await writer;

      expect(backup.manifest.engine).toBe(kind === 'postgres' ? 'postgres' : 'pglite');
      expect(lines.some((line) => /^Media: [1-9]\d* objects/.test(line))).toBe(true);
      // The snapshot holds the writes made before it and none made after it; they go on beside.
      const inSnapshot = backup.manifest.counts.comments! - 3;
      expect(inSnapshot).toBeGreaterThanOrEqual(writtenBefore);
      expect(inSnapshot).toBeLessThanOrEqual(writtenAfter);
      expect(written).toBeGreaterThan(inSnapshot);
      expect(slowest).toBeLessThan(5000);
      for (const table of [
        'users',
        'accounts',
        'videos',
        'video_labels',
        'video_votes',
        'video_favorites',
        'playlists',
        'playlist_videos',
        'messages',
        'tickets',
        'ticket_posts',
        'staff_actions',
      ]) {
        expect(backup.manifest.counts[table], table).toBeGreaterThan(0);
      }
      const sourceMedia = await mediaChecksums(source);
      const sourceDigests = await digestTables(sourceHandle.client as unknown as Queryable);

      // Onto a fresh embedded site, and onto a fresh server database when the run has one.
      const targets = [siteConfig(join(root, 'to-pglite'))];
      if (serverUrl && kind === 'pglite')
        targets.push(siteConfig(join(root, 'to-server'), await emptyServerDatabase()));
      for (const target of targets) {
        const restored = await restoreBackup({ config: target, archive });
        expect(restored.manifest.counts).toEqual(backup.manifest.counts);
        const { digests, counts } = await withDatabase(target, async (db) => ({
          digests: await digestTables(db),
          counts: await countRows(db),
        }));
        expect(counts).toEqual(backup.manifest.counts);
        // Every table but the one written meanwhile is as the source is now.
        for (const [table, digest] of Object.entries(sourceDigests)) {
          if (table !== 'comments') expect(digests[table], table).toBe(digest);
        }
        expect(digests.comments).toBe(backup.manifest.digests.comments);
        expect(await mediaChecksums(target)).toEqual(sourceMedia);
        expect(readFileSync(join(target.dataDir, 'auth-secret'), 'utf8')).toBe(
          readFileSync(join(source.dataDir, 'auth-secret'), 'utf8'),
        );
      }

      // And back: the site restored onto the server, backed up there and restored onto PGlite,
      // is the same (the run on the server starts there, and has gone to PGlite above).
      if (targets.length === 2 && kind === 'pglite') {
        const again = join(root, 'again.cutroom-backup');
        await createBackup({ config: targets[1]!, out: again });
        const back = siteConfig(join(root, 'back'));
        await restoreBackup({ config: back, archive: again });
        const digests = await withDatabase(back, (db) => digestTables(db));
        expect(digests).toEqual(backup.manifest.digests);
        expect(await mediaChecksums(back)).toEqual(sourceMedia);
      }
    },
  );

  it('refuses a non-empty target, a damaged archive and one from a newer version, changing nothing', async () => {
    // The archive of the test above (made again when that one is left out).
    const archive = join(root, 'site.cutroom-backup');
    if (!existsSync(archive)) await createBackup({ config: source, out: archive });

    // A target that holds a site already.
    await expect(restoreBackup({ config: source, archive })).rejects.toThrow(RestoreRefusedError);

    const empty = siteConfig(join(root, 'empty'));
    const isUntouched = () => {
      try {
        return readdirSync(empty.dataDir).length === 0;
      } catch {
        return true;
      }
    };

    // One byte changed in the middle of a media object.
    const bytes = readFileSync(archive);
    const at = bytes.indexOf(Buffer.from('#EXTM3U'));
    const damaged = join(root, 'damaged.cutroom-backup');
    bytes[at + 1] = bytes[at + 1]! ^ 0xff;
    writeFileSync(damaged, bytes);
    const refusal = restoreBackup({ config: empty, archive: damaged });
    await expect(refusal).rejects.toThrow(ArchiveDamagedError);
    await expect(refusal).rejects.toThrow(/\.m3u8 does not match its checksum/);
    expect(isUntouched()).toBe(true);

    // The same archive with a manifest from a later version.
    const newer = join(root, 'newer.cutroom-backup');
    await rewriteManifest(archive, newer, (manifest) => ({ ...manifest, version: '99.0.0' }));
    await expect(restoreBackup({ config: empty, archive: newer })).rejects.toThrow(
      /made by a newer version of Cutroom \(99\.0\.0/,
    );
    expect(isUntouched()).toBe(true);
  });
});

/** A copy of an archive with its manifest changed. */
async function rewriteManifest(
  from: string,
  to: string,
  change: (manifest: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  rmSync(to, { force: true });
  const extract = tarStream.extract();
  const pack = tarStream.pack();
  const written = pipeline(pack, createWriteStream(to));
  const read = pipeline(createReadStream(from), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    let body = Buffer.concat(chunks);
    if (entry.header.name === 'manifest.json') {
      body = Buffer.from(JSON.stringify(change(JSON.parse(body.toString('utf8')))));
    }
    pack.entry({ name: entry.header.name, size: body.length }, body);
  }
  await read;
  pack.finalize();
  await written;
}

describe.runIf(kind === 'pglite')('with media in an S3 bucket', () => {
  it("carries the bucket's objects into another bucket prefix, or leaves them to the bucket", async () => {
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: join(root, 'buckets'),
      resetOnClose: true,
    });
    const { port } = (await s3.run()) as { port: number };
    const bucket = {
      S3_BUCKET: 'cutroom-media',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    const config = (dataDir: string, prefix: string) =>
      loadConfig({ ...bucket, DATA_DIR: join(root, dataDir), S3_KEY_PREFIX: prefix });
    const from = config('s3-source', 'site-a');
    const storage = createStorage(from) as S3Storage;
    try {
      await storage.client.send(new CreateBucketCommand({ Bucket: bucket.S3_BUCKET }));
      // A stopped site's database: the backup opens it itself.
      const handle = await openDatabase({
        dataDir: join(from.dataDir, 'db'),
        loadDataDir: new Blob([readFileSync(inject('templateDumpPath'))]),
      });
      await handle.close();
      const objects = { 'videos/v1/v1/master.m3u8': '#EXTM3U\n', 'avatars/u1/v1.webp': 'webp' };
      for (const [key, body] of Object.entries(objects)) await storage.putBytes(key, body);

      const archive = join(root, 's3.cutroom-backup');
      const backup = await createBackup({ config: from, out: archive });
      expect(backup.manifest.media).toMatchObject({ included: true, storage: 's3', objects: 2 });
      const to = config('s3-target', 'site-b');
      await restoreBackup({ config: to, archive });
      const restored = createStorage(to);
      for (const [key, body] of Object.entries(objects)) {
        expect(await text((await restored.getStream(key)).body)).toBe(body);
      }
      expect((await restored.listAll()).map((object) => object.key).sort()).toEqual(
        Object.keys(objects).sort(),
      );

      // Left to the bucket's own versioning: the archive holds none, the bucket is used as it is.
      const bare = join(root, 's3-bare.cutroom-backup');
      const skipped = await createBackup({ config: from, out: bare, skipMedia: true });
      expect(skipped.manifest.media).toMatchObject({ included: false, objects: 0 });
      await restoreBackup({ config: config('s3-bare', 'site-a'), archive: bare });
    } finally {
      storage.client.destroy();
      await s3.close();
    }
  });
});

describe.runIf(kind === 'pglite' && serverUrl)('npm run db:move-to-server', () => {
  it("copies a stopped site's embedded database onto an empty server database", async () => {
    // A running site is refused: what it wrote after the copy would be lost.
    await expect(moveToServer({ config: source, url: serverUrl! })).rejects.toThrow(
      /is running: stop it first/,
    );
    // The site the first test restored onto PGlite, stopped (made again when that test is left out).
    const stopped = siteConfig(join(root, 'to-pglite'));
    if (!existsSync(stopped.dataDir)) {
      const archive = join(root, 'site.cutroom-backup');
      if (!existsSync(archive)) await createBackup({ config: source, out: archive });
      await restoreBackup({ config: stopped, archive });
    }
    const url = await emptyServerDatabase();
    const moved = await moveToServer({ config: stopped, url });
    const onServer = await withDatabase(siteConfig(join(root, 'unused'), url), (db) =>
      digestTables(db),
    );
    expect(onServer).toEqual(moved.manifest.digests);
    expect(Object.keys(onServer).length).toBeGreaterThan(50);
  });
});
