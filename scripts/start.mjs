// `npm start`: from a fresh clone to the site on http://localhost:3000 (PORT to change).
// Installs what is missing, builds when the sources changed, then runs the production server,
// which migrates the database and seeds a demo on the first run. No dependencies of its own.
// `npm run dev` comes through here with --dev: the development server, no build.
import { spawn } from 'node:child_process';
import { isAbsolute, join, resolve } from 'node:path';
import { serverProcessOptionsOrExit } from '../apps/web/server-process.mjs';
import { ensureBuild } from './build-state.mjs';
import { FFMPEG, ensureDependencies, ensureSystemPackages, root, run } from './setup.mjs';

const isDev = process.argv.includes('--dev');
const webDir = join(root, 'apps/web');

ensureDependencies();
ensureSystemPackages([FFMPEG]);

if (!isDev) {
  const started = Date.now();
  try {
    const { decision, nodes } = await ensureBuild({
      root,
      webDir,
      register: true,
      build: () => {
        console.log('• Building Cutroom (first run or changed sources)…');
        run('npm', ['run', 'build']);
      },
      onWait: (owner) =>
        console.log(`• Waiting for the build started by process ${owner.pid} on ${owner.host}…`),
    });
    if (decision === 'reuse' && nodes.length > 0) {
      console.log(`• Using the build that ${nodes.length} running node(s) serve.`);
    }
    console.log(`• Build ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } catch (error) {
    console.error(`✗ ${error.message}`);
    process.exit(1);
  }
}

// Runtime data lives in the repository's data/ folder (or DATA_DIR, read from where npm start
// runs): the server works in apps/web, where a relative path would land otherwise.
const fromRoot = (path) => (path && !isAbsolute(path) ? resolve(root, path) : path);
const env = { NODE_ENV: isDev ? 'development' : 'production', ...process.env };
env.DATA_DIR = fromRoot(process.env.DATA_DIR || 'data');
for (const key of ['MEDIA_DIR', 'TRANSCODE_TMP_DIR']) {
  if (process.env[key]) env[key] = fromRoot(process.env[key]);
}

const processOptions = serverProcessOptionsOrExit(process.env);
Object.assign(env, processOptions.env);
const server = spawn(
  process.execPath,
  [...processOptions.nodeArgs, '--import', 'tsx', 'server.ts', ...(isDev ? ['--dev'] : [])],
  { cwd: webDir, stdio: 'inherit', env },
);
// Ctrl-C reaches the server through the terminal's process group; it shuts down cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
