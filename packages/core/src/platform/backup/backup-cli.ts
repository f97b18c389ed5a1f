// `npm run backup [-- --out <file>] [-- --skip-media]`: one archive of the site configured by the
// environment (docs/operations.md). The site may keep running meanwhile.
import { loadConfig } from '../config/config';
import { createBackup } from './backup';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
const out = outAt >= 0 ? args[outAt + 1] : `cutroom-backup-${stamp}.tar`;
if (!out) {
  console.error('--out needs a file name');
  process.exit(2);
}
try {
  const summary = await createBackup({
    config: loadConfig(),
    out,
    skipMedia: args.includes('--skip-media'),
    progress: (line) => console.log(line),
  });
  const rows = Object.values(summary.manifest.counts).reduce((sum, n) => sum + n, 0);
  console.log(
    `Backup written: ${out} (${(summary.bytes / 1024 ** 2).toFixed(1)} MB, ${rows} rows, ` +
      `${summary.manifest.media.objects} media objects, ${(summary.ms / 1000).toFixed(1)} s). ` +
      'It holds the site secret: keep it where only operators can read it.',
  );
} catch (error) {
  console.error(`The backup failed: ${(error as Error).message}`);
  process.exit(1);
}
