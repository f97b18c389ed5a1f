import type { Metadata } from 'next';
import { Av1Support } from '@/components/av1/av1-support';
import { TextPage } from '@/components/content/text-page';

export const metadata: Metadata = { title: 'AV1' };

export default function Av1Page() {
  return (
    <TextPage title="AV1 video">
      <p>
        AV1 is a modern, royalty-free video codec made by the Alliance for Open Media. At the same
        picture quality it needs about 30 % less data than VP9 and about half as much as H.264, so
        videos start sooner and look better on slow connections.
      </p>
      <Av1Support />
      <h2>How this site uses it</h2>
      <p>
        Every video is prepared in H.264, which every browser plays. When the operator turns AV1 on,
        videos also get an AV1 version, and the player picks it only when your browser says it can
        decode it smoothly. Nothing changes for browsers that cannot.
      </p>
      <h2>Which browsers decode AV1</h2>
      <ul>
        <li>Chrome, Edge and Opera on desktop and Android, in software or hardware.</li>
        <li>Firefox on desktop and Android.</li>
        <li>Safari on devices with an AV1 hardware decoder (recent iPhones, iPads and Macs).</li>
      </ul>
    </TextPage>
  );
}
