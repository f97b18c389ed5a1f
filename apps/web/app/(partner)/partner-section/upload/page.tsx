import type { Metadata } from 'next';
import { ErrorPage } from '@/components/errors/error-page';
import { PartnerNav } from '@/components/partner/partner-nav';
import { loadSection } from '@/components/partner/partner-data';
import { UploadForm } from '@/components/upload/upload-form';
import { formatBytes } from '@/lib/format';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';
import { categories } from '@/lib/server/site';

export const metadata: Metadata = { title: 'Upload to the channel' };

/** The site's upload, into the partner channel, with the premium switch: the partner only. */
export default async function ChannelUploadPage() {
  const viewer = await requirePageViewer('partner');
  const { partner, base, manages } = await loadSection();
  if (!manages || viewer.id !== partner.userId) {
    return (
      <ErrorPage
        statusCode={403}
        description="Only the channel’s partner account uploads into the channel."
      />
    );
  }
  const { config } = await getRuntime();
  return (
    <section>
      <PartnerNav base={base} name={partner.name} manages current={`${base}/upload`} />
      <h1 className="mb-5 text-2xl font-bold">Upload to {partner.name}</h1>
      <UploadForm
        maxBytes={config.UPLOAD_MAX_BYTES}
        maxBytesText={formatBytes(config.UPLOAD_MAX_BYTES)}
        categories={categories}
        publishPath="/api/v2/partnerUpload"
        premiumSwitch
      />
    </section>
  );
}
