import type { Metadata } from 'next';
import Link from 'next/link';
import { headers } from 'next/headers';
import { UploadForm } from '@/components/upload/upload-form';
import { getRuntime } from '@/lib/runtime';
import { getViewer } from '@/lib/session';
import { categories } from '@/lib/site';
import { formatBytes } from '@/lib/format';

export const metadata: Metadata = { title: 'Upload' };

export default async function UploadPage() {
  const viewer = await getViewer(await headers());
  if (!viewer) {
    return (
      <section className="mx-auto max-w-md py-12 text-center">
        <h1 className="text-2xl font-bold">Upload a video</h1>
        <p className="mt-3 text-neutral-300">Sign in to upload videos.</p>
        <Link
          href="/login?next=/upload"
          className="mt-6 inline-block rounded-full bg-accent px-5 py-2 font-semibold text-black"
        >
          Sign in
        </Link>
      </section>
    );
  }
  if (!viewer.emailVerified) {
    return (
      <section className="mx-auto max-w-md py-12 text-center">
        <h1 className="text-2xl font-bold">Upload a video</h1>
        <p className="mt-3 text-neutral-300">Please verify your e-mail address before uploading.</p>
      </section>
    );
  }
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
