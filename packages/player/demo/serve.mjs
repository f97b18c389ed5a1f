// Serves the demo on http://127.0.0.1:5178/demo/ (PORT to change): builds dist/ and makes
// the media first when they are missing. Usage: node demo/serve.mjs
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../scripts/static-server.mjs';
import { makeMedia } from './make-media.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(join(root, 'dist', 'cutroom-player.js'))) {
  execFileSync(process.execPath, [join(root, 'build.mjs'), '--no-types'], {
    cwd: root,
    stdio: 'inherit',
  });
}
makeMedia(join(root, 'demo', 'media'));
const server = await startServer({ '/': root }, {}, Number(process.env.PORT ?? 5178));
console.log(`Demo: ${server.url}/demo/`);
