import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsBrotli, compressStatics, StaticBrotli } from './static-brotli';

const root = mkdtempSync(join(tmpdir(), 'static-brotli-'));
const dir = join(root, 'static');
const script = `console.log(${JSON.stringify('a chunk '.repeat(500))});`;
mkdirSync(join(dir, 'chunks'), { recursive: true });
writeFileSync(join(dir, 'chunks', 'abc123.js'), script);
writeFileSync(join(dir, 'chunks', 'notes.txt'), 'not a script');
writeFileSync(join(root, 'secret.js'), 'outside');

let server: Server;
let port: number;
const statics = new StaticBrotli(dir);

beforeAll(async () => {
  server = createServer((request, response) => {
    if (!statics.serve(request, response)) response.writeHead(299).end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

/** A GET with the path as written (fetch would resolve `..`) and the body as sent. */
const get = (path: string, encoding = 'gzip, deflate, br', atPort = port) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      httpRequest({
        host: '127.0.0.1',
        port: atPort,
        path,
        headers: { 'accept-encoding': encoding },
      })
        .on('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject)
        .end();
    },
  );

describe('StaticBrotli', () => {
  it('answers a script in brotli once compressed, leaving the rest to Next.js', async () => {
    expect((await get('/_next/static/chunks/abc123.js')).status).toBe(299);
    await statics.warm();
    const response = await get('/_next/static/chunks/abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    });
    expect(response.body.byteLength).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
    expect((await get('/_next/static/chunks/abc123.js', 'gzip')).status).toBe(299);
    expect((await get('/_next/static/chunks/notes.txt')).status).toBe(299);
    expect((await get('/_next/static/chunks/missing.js')).status).toBe(299);
    expect((await get('/other/chunks/abc123.js')).status).toBe(299);
  });

  it("serves the build's copies, and compresses only what the build left out", async () => {
    const copies = join(root, 'static-brotli');
    expect(await compressStatics(dir, copies)).toBe(1);
    expect(
      brotliDecompressSync(readFileSync(join(copies, 'chunks', 'abc123.js.br'))).toString(),
    ).toBe(script);
    // A copy that differs from the file shows it was read, not made again.
    writeFileSync(join(copies, 'chunks', 'abc123.js.br'), brotliCompressSync('from the build'));
    writeFileSync(join(dir, 'chunks', 'late.css'), 'body { color: red }');
    const built = new StaticBrotli(dir, copies);
    await built.warm();
    const server = createServer((request, response) => {
      if (!built.serve(request, response)) response.writeHead(299).end('next');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port: ownPort } = server.address() as AddressInfo;
    const body = async (path: string) => (await get(path, 'br', ownPort)).body;
    try {
      expect(brotliDecompressSync(await body('/_next/static/chunks/abc123.js')).toString()).toBe(
        'from the build',
      );
      expect(brotliDecompressSync(await body('/_next/static/chunks/late.css')).toString()).toBe(
        'body { color: red }',
      );
    } finally {
      server.close();
    }
  });

  it('never reads outside the static folder', async () => {
    for (const path of [
      '/_next/static/../secret.js',
      '/_next/static/chunks/../../secret.js',
      '/_next/static/%2e%2e/secret.js',
      '/_next/static//etc/passwd.js',
    ]) {
      expect((await get(path)).status).toBe(299);
    }
  });

  it('reads Accept-Encoding as HTTP means it', () => {
    expect(acceptsBrotli('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsBrotli('br;q=0.5')).toBe(true);
    expect(acceptsBrotli('br;q=0')).toBe(false);
    expect(acceptsBrotli('gzip')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});
