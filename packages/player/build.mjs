// Builds dist/ for publishing: ESM and declarations. The player issue extends this.
import { mkdirSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

mkdirSync('dist', { recursive: true });
await build({
  entryPoints: ['src/index.ts'],
  bundle: true,
  format: 'esm',
  minify: true,
  outdir: 'dist',
  target: 'es2020',
});
writeFileSync('dist/index.d.ts', "export declare const version: string;\n");
