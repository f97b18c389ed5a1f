// Clicks on the picture: one toggles play; a second click or tap within 300 ms skips 10 s back on
// the left half and forward on the right half (controlForwardBackward.doubleTapMobile).
import type { PlayerContext } from '../controllers/context.ts';
import { SEEK_STEP } from '../keyboard.ts';
import type { ControlsHost } from './host.ts';

const DOUBLE_TAP_MS = 300;

export function bindSurfaceGestures(
  ctx: PlayerContext,
  host: Pick<ControlsHost, 'playback' | 'seekBy' | 'isAdPlaying'>,
  surfaces: HTMLElement[],
): void {
  let pendingTap: ReturnType<typeof setTimeout> | undefined;
  const onClick = (event: MouseEvent): void => {
    if (pendingTap !== undefined) {
      clearTimeout(pendingTap);
      pendingTap = undefined;
      // Skips are ignored while an ad plays.
      const lc = ctx.options.layoutControls;
      if (host.isAdPlaying || !lc.controlForwardBackward.doubleTapMobile) return;
      const rect = ctx.root.getBoundingClientRect();
      host.seekBy(event.clientX - rect.left < rect.width / 2 ? -SEEK_STEP : SEEK_STEP);
      return;
    }
    pendingTap = setTimeout(() => {
      pendingTap = undefined;
      host.playback.togglePlay();
    }, DOUBLE_TAP_MS);
  };
  for (const surface of surfaces) ctx.listen<MouseEvent>(surface, 'click', onClick);
  ctx.onDestroy(() => clearTimeout(pendingTap));
}
