// Builds dist/: the ESM entry with lazy chunks (hls.js, dash.js, three.js, ads), the React
// wrapper, the script-tag IIFE, the CSS and the type declarations.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
const skipTypes = process.argv.includes('--no-types');

// A build without types (tests, bench) keeps the declarations of the last full build.
mkdirSync(dist, { recursive: true });
for (const entry of readdirSync(dist)) {
  if (skipTypes && entry === 'types') continue;
  rmSync(join(dist, entry), { recursive: true, force: true });
}

const common = {
  absWorkingDir: root,
  bundle: true,
  minify: true,
  target: 'es2020',
  legalComments: 'none',
  logLevel: 'warning',
};

// In the IIFE, lazy chunks are imported by URL instead of being bundled in.
const iifeLazyLoad = {
  name: 'iife-lazy-load',
  setup(b) {
    b.onResolve({ filter: /\/lazy-load\.ts$/ }, () => ({
      path: join(root, 'src/lazy-load-iife.ts'),
    }));
  },
};

// The ESM core imports the own HLS engine, built on its own below, as a file beside the entry.
// The import sits in a shared chunk (dist/chunks/), hence '../'; checked after the build.
const LADDER_IMPORT = '../ladder-engine.js';
const ladderExternal = {
  name: 'ladder-external',
  setup(b) {
    b.onResolve({ filter: /\/lazy\/ladder-engine\.ts$/ }, () => ({
      path: LADDER_IMPORT,
      external: true,
    }));
  },
};

const lazyEntries = ['hls-engine', 'dash-engine', 'vr-engine', 'ads-engine', 'extras-engine'].map(
  (name) => `src/lazy/${name}.ts`,
);

const esm = await build({
  ...common,
  entryPoints: ['src/index.ts', 'src/react.ts', ...lazyEntries],
  format: 'esm',
  splitting: true,
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  external: ['react', 'react/*', 'react-dom'],
  plugins: [ladderExternal],
  metafile: true,
});
for (const [file, output] of Object.entries(esm.metafile.outputs)) {
  const importsLadder = output.imports.some((i) => i.path === LADDER_IMPORT);
  if (importsLadder && dirname(file) !== 'dist/chunks') {
    throw new Error(`${file} imports ${LADDER_IMPORT} from outside dist/chunks/`);
  }
}

// The shared chunks each lazy entry imports: the script-tag build requests them together with
// the entry instead of after it (one round trip instead of two).
const chunkDeps = {};
for (const [file, output] of Object.entries(esm.metafile.outputs)) {
  const name = file.replace(/^dist\//, '');
  if (!/^[a-z-]+-engine\.js$/.test(name)) continue;
  chunkDeps[name] = output.imports
    .filter((i) => i.kind === 'import-statement' && !i.external)
    .map((i) => i.path.replace(/^dist\//, ''));
}

await Promise.all([
  // The own HLS engine (docs/decisions/0041) is built on its own, with its own copy of the
  // playlist parsing it shares with the core's native HLS: split into a shared chunk, that code
  // cost the ESM core 0.35 KB gzip in chunk overhead, and the script-tag build three more requests.
  build({
    ...common,
    entryPoints: ['src/lazy/ladder-engine.ts'],
    format: 'esm',
    outfile: 'dist/ladder-engine.js',
  }),
  build({
    ...common,
    entryPoints: ['src/iife.ts'],
    format: 'iife',
    outfile: 'dist/cutroom-player.js',
    plugins: [iifeLazyLoad],
    define: { __CR_CHUNK_DEPS__: JSON.stringify(chunkDeps) },
  }),
  build({
    ...common,
    entryPoints: ['src/styles/cutroom-player.css'],
    outfile: 'dist/cutroom-player.css',
  }),
]);

// The core (the script-tag build, and the ESM entry with the chunks it imports) runs almost
// all of its functions when a player is created. V8's compile hint has them compiled when the
// script loads (off the main thread when the browser streams it) instead of one by one during
// the first createPlayer call, which delays the content's request (docs/player/performance.md).
// The lazy chunks keep V8's lazy compiling: much of hls.js or dash.js never runs.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const esmCore = [
  'dist/index.js',
  ...esm.metafile.outputs['dist/index.js'].imports
    .filter((i) => i.kind === 'import-statement' && !i.external)
    .map((i) => i.path),
];
for (const file of ['dist/cutroom-player.js', ...esmCore]) {
  const path = join(root, file);
  writeFileSync(path, COMPILE_HINT + readFileSync(path, 'utf8'));
}

// Next.js needs the directive on the client component; esbuild drops it when bundling.
const reactFile = join(dist, 'react.js');
writeFileSync(reactFile, `'use client';\n${readFileSync(reactFile, 'utf8')}`);

if (!skipTypes) {
  const tsc = join(root, '../../node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  // Declarations keep the sources' '.ts' specifiers; consumers resolve '.js' everywhere.
  const types = join(dist, 'types');
  for (const file of readdirSync(types, { recursive: true })) {
    if (!String(file).endsWith('.d.ts')) continue;
    const path = join(types, String(file));
    const code = readFileSync(path, 'utf8');
    writeFileSync(
      path,
      code.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, '$1$2$3.js$2'),
    );
  }
}
