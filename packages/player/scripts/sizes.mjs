// Measures dist/: the core (what a page loads before any lazy chunk) and each lazy chunk,
// minified bytes and gzip bytes. Used by the size-budget test and by bench/player.mjs.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g;

function size(files) {
  const buffers = files.map((f) => readFileSync(f));
  const min = buffers.reduce((n, b) => n + b.length, 0);
  const gzip = buffers.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  return { min, gzip };
}

/** The file and every file it imports statically (not through import()). */
function staticGraph(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      const spec = match[1];
      if (spec.startsWith('.')) visit(join(dirname(file), spec));
    }
  };
  visit(entry);
  return [...seen];
}

export function measureDist(dist) {
  if (!existsSync(join(dist, 'index.js'))) throw new Error(`No build in ${dist}`);
  const css = join(dist, 'cutroom-player.css');
  const esmCore = staticGraph(join(dist, 'index.js'));
  const lazy = readdirSync(dist)
    .filter((f) => /-engine\.js$/.test(f))
    .map((f) => {
      const graph = staticGraph(join(dist, f));
      const files = graph.filter((x) => !esmCore.includes(x));
      // withShared: with the chunks it shares with the ESM core, which the script-tag build
      // (whose core is one file) fetches too.
      return {
        name: f,
        files: files.map((x) => relative(dist, x)),
        ...size(files),
        withShared: size(graph),
      };
    });
  return {
    esmCore: { files: esmCore.map((x) => relative(dist, x)), ...size(esmCore) },
    iifeCore: size([join(dist, 'cutroom-player.js')]),
    css: size([css]),
    react: size([join(dist, 'react.js')]),
    lazy,
  };
}
