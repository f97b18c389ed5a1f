// The right-click menu outside the control bar: play, mute and fullscreen (contextMenu.controls),
// the page's links and the player's version.
import type { PlayerContext } from '../controllers/context.ts';
import { PopupMenu } from '../menu.ts';
import type { MenuItem } from '../menu.ts';
import { version } from '../version.ts';
import type { ControlsHost } from './host.ts';

export function createContextMenu(
  ctx: PlayerContext,
  host: Pick<ControlsHost, 'playback' | 'modes'>,
  bar: HTMLElement,
): PopupMenu {
  const { video: v, root, options } = ctx;
  const { playback, modes } = host;
  const menu = new PopupMenu('cr-context fluid_context_menu');
  const open = (x: number, y: number): void => {
    const c = options.captions;
    const cm = options.layoutControls.contextMenu;
    const items: MenuItem[] = [];
    if (cm.controls) {
      items.push(
        { label: v.paused ? c.play : c.pause, onSelect: () => playback.togglePlay() },
        { label: v.muted ? c.unmute : c.mute, onSelect: () => playback.toggleMute() },
        {
          label: modes.mode === 'fullscreen' ? c.exitFullscreen : c.fullscreen,
          onSelect: () => modes.toggleFullScreen(),
        },
      );
    }
    for (const link of cm.links) {
      items.push({
        label: link.label,
        onSelect: () => window.open(link.href, '_blank', 'noopener'),
      });
    }
    items.push({ label: `Cutroom Player ${version}`, disabled: true });
    const rect = root.getBoundingClientRect();
    menu.element.style.left = `${Math.max(0, x - rect.left)}px`;
    menu.element.style.top = `${Math.max(0, y - rect.top)}px`;
    menu.open(root, 'Player menu', items);
  };
  ctx.listen<MouseEvent>(root, 'contextmenu', (e) => {
    if (bar.contains(e.target as Node)) return;
    e.preventDefault();
    open(e.clientX, e.clientY);
  });
  ctx.onDestroy(() => menu.close(false));
  return menu;
}
