// `npm run worker`: a transcoding worker (packages/media/src/worker.ts) started as `npm start`
// starts the site: with the heap's ceiling (HEAP_MAX_MB) and two malloc arenas
// (apps/web/server-process.mjs, docs/operations.md, Memory). Without them its heap had no
// ceiling but V8's own, a few GB here.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverProcessOptionsOrExit } from '../apps/web/server-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const processOptions = serverProcessOptionsOrExit(process.env);
const worker = spawn(
  process.execPath,
  [...processOptions.nodeArgs, '--import', 'tsx', 'packages/media/src/worker.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, ...processOptions.env } },
);
// A stop asked of this process (Ctrl-C, a service manager's SIGTERM) reaches the worker, which
// ends its jobs' work cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => worker.kill(signal));
worker.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
