import type { Metadata } from 'next';
import { UploadForm } from '@/components/upload/upload-form';
import { getRuntime } from '@/lib/server/runtime';
import { requirePageViewer } from '@/lib/server/page-access';
import { categories } from '@/lib/server/site';
import { formatBytes } from '@/lib/format';
import { IntentLink } from '@/components/ui/intent-link';

export const metadata: Metadata = { title: 'Upload' };

export default async function UploadPage() {
  await requirePageViewer('upload');
  const { config } = await getRuntime();
  return (
    <section>
      <h1 className="mb-2 text-2xl font-bold">Upload a video</h1>
      <p className="mb-5 text-sm text-neutral-400">
        Streaming instead?{' '}
        <IntentLink href="/go-live" className="text-accent underline">
          Go live
        </IntentLink>{' '}
        from OBS, or see who is{' '}
        <IntentLink href="/live" className="text-accent underline">
          live now
        </IntentLink>
        .
      </p>
      <UploadForm
        maxBytes={config.UPLOAD_MAX_BYTES}
        maxBytesText={formatBytes(config.UPLOAD_MAX_BYTES)}
        categories={categories}
      />
    </section>
  );
}
