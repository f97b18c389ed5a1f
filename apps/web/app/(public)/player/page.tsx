import type { Metadata } from 'next';
import { TextPage } from '@/components/content/text-page';
import { loadConfig } from '@cutroom/core/platform/config/config';
import { playerFile, playerVersion } from '@/lib/server/player-files';

export const metadata: Metadata = { title: 'The player on your site' };

/**
 * How another site embeds the player with one script tag (docs/player/embedding.md): the
 * addresses the site serves it at, with the integrity hashes of this build.
 */
export default function PlayerPage() {
  const version = playerVersion();
  const script = playerFile('cutroom-player.js');
  const style = playerFile('cutroom-player.css');
  if (!version || !script || !style) {
    return (
      <TextPage title="The player on your site">
        <p>The player is not built on this server.</p>
      </TextPage>
    );
  }
  const base = `${loadConfig().PUBLIC_URL}/player`;
  const major = `v${version.split('.')[0]}`;
  const pinned = `<link rel="stylesheet" href="${base}/${version}/cutroom-player.css" integrity="${style.integrity}" crossorigin="anonymous">
<script src="${base}/${version}/cutroom-player.js" integrity="${script.integrity}" crossorigin="anonymous"></script>`;
  const following = `<link rel="stylesheet" href="${base}/${major}/cutroom-player.css">
<script src="${base}/${major}/cutroom-player.js"></script>`;
  const usage = `<video id="my-video" width="640" controls>
  <source src="https://example.com/video.m3u8" type="application/x-mpegURL">
</video>
<script>cutroomPlayer('my-video', { layoutControls: { primaryColor: '#ff9800' } });</script>`;
  return (
    <TextPage title="The player on your site">
      <p>
        The player this site plays its videos with is yours to use on any page, with one script tag.
        It plays MP4, HLS and DASH, with subtitles, ads (VAST) and a thumbnail preview; its other
        chunks (HLS, DASH, ads, the 360° view) load on demand from beside the script.
      </p>
      <h2>This version, with its integrity hashes</h2>
      <p>Version {version}, cached for good: the browser refuses the files if a byte changes.</p>
      <pre
        // A wide snippet scrolls: the keyboard reaches it too.
        tabIndex={0}
        data-testid="player-snippet-pinned"
        className="overflow-x-auto rounded bg-black/40 p-3 text-xs"
      >
        {pinned}
      </pre>
      <h2>The latest of version {major.slice(1)}</h2>
      <p>Follows this site&apos;s updates of version {major.slice(1)} (cached a day, no hash).</p>
      <pre
        // A wide snippet scrolls: the keyboard reaches it too.
        tabIndex={0}
        data-testid="player-snippet-major"
        className="overflow-x-auto rounded bg-black/40 p-3 text-xs"
      >
        {following}
      </pre>
      <h2>Then, on a video</h2>
      <pre tabIndex={0} className="overflow-x-auto rounded bg-black/40 p-3 text-xs">
        {usage}
      </pre>
    </TextPage>
  );
}
