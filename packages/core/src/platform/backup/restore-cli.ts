// `npm run restore <archive>`: brings a backup back into the empty site configured by the
// environment (DATA_DIR, or DATABASE_URL and the media storage); docs/operations.md.
import { loadConfig } from '../config/config';
import { restoreBackup } from './restore';

const archive = process.argv[2];
if (!archive) {
  console.error('Name the archive: npm run restore <archive>');
  process.exit(2);
}
try {
  const summary = await restoreBackup({
    config: loadConfig(),
    archive,
    progress: (line) => console.log(line),
  });
  const { manifest } = summary;
  const rows = Object.values(manifest.counts).reduce((sum, n) => sum + n, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt} (Cutroom ${manifest.version}, ${manifest.engine}): ` +
      `${rows} rows, ${manifest.media.objects} media objects, in ${(summary.ms / 1000).toFixed(1)} s.`,
  );
  if (!manifest.media.included) {
    console.log(
      'The archive holds no media: the site uses the bucket as it is (docs/operations.md).',
    );
  }
  if (summary.secretWarning) console.warn(summary.secretWarning);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
