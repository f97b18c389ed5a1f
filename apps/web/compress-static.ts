// The build's last step (`npm run build`): its scripts and styles compressed once with brotli
// beside it, which every server start then reads (lib/server/static-brotli.ts).
import { fileURLToPath } from 'node:url';
import { compressStatics } from './lib/server/static-brotli';

const started = Date.now();
const count = await compressStatics(
  fileURLToPath(new URL('.next/static/', import.meta.url)),
  fileURLToPath(new URL('.next/static-brotli/', import.meta.url)),
);
console.log(`Compressed ${count} scripts and styles with brotli in ${Date.now() - started} ms`);
