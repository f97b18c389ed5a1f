import type { Metadata } from 'next';
import { UploadForm } from '@/components/upload/upload-form';
import { getRuntime } from '@/lib/server/runtime';
import { requirePageViewer } from '@/lib/server/page-access';
import { categories } from '@/lib/server/site';
import { formatBytes } from '@/lib/format';

export const metadata: Metadata = { title: 'Upload' };

export default async function UploadPage() {
  await requirePageViewer('upload');
  const { config } = await getRuntime();
  return (
    <section>
      <h1 className="mb-5 text-2xl font-bold">Upload a video</h1>
      <UploadForm
        maxBytes={config.UPLOAD_MAX_BYTES}
        maxBytesText={formatBytes(config.UPLOAD_MAX_BYTES)}
        categories={categories}
      />
    </section>
  );
}
