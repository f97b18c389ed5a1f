// The quality button and its menu (docs/player/features.md): the quality levels (offered for
// more than 2) or else the sources, then 'audio only' and the audio languages.
import type { PlayerContext } from '../controllers/context.ts';
import { icons } from '../icons.ts';
import type { MenuItem, PopupMenu } from '../menu.ts';
import type { BarOverflow } from './bar-overflow.ts';
import type { ControlsHost } from './host.ts';
import { menuButton, toggleMenu } from './shared.ts';

type Playback = ControlsHost['playback'];

/** A level's height, from its title ('720p'); 0 for a level named by its rate. */
const heightOf = (level: { title: string }) => Number(/^(\d+)p$/.exec(level.title)?.[1] ?? 0);

function qualityItems(playback: Playback): MenuItem[] {
  const levels = playback.levels;
  const isAudioOnly = playback.engine?.isAudioOnly?.() ?? false;
  if (levels.length > 2) {
    const selected = isAudioOnly ? -2 : (playback.engine?.selectedLevel() ?? -1);
    return [
      { label: 'auto', checked: selected === -1, onSelect: () => playback.selectLevel(-1) },
      ...levels
        // Tallest first, then the richest: a stream's peak rates do not always rise with its
        // height (a rung encoded apart, busy pictures), and people read the menu by height.
        .sort((a, b) => heightOf(b) - heightOf(a) || b.bitrate - a.bitrate)
        .map((level) => ({
          label: level.title,
          checked: selected === level.id,
          badge: level.isHD ? 'HD' : undefined,
          onSelect: () => playback.selectLevel(level.id),
        })),
    ];
  }
  if (playback.sources.length < 2) return [];
  return playback.sources.map((source, index) => ({
    label: source.title,
    checked: playback.index === index,
    badge: source.isHD ? 'HD' : undefined,
    onSelect: () => playback.switchSource(index),
  }));
}

/** 'audio only' (no video downloaded) and the audio languages (docs/player/features.md). */
function audioItems(playback: Playback): MenuItem[] {
  const engine = playback.engine;
  const tracks = playback.audioTracks;
  const items: MenuItem[] = [];
  if (engine?.setAudioOnly && tracks.length > 0) {
    const isOn = engine.isAudioOnly?.() ?? false;
    items.push({
      label: 'audio only',
      checked: isOn,
      onSelect: () => playback.setAudioOnly(!isOn),
    });
  }
  if (tracks.length > 1) {
    const selected = engine?.selectedAudioTrack?.() ?? -1;
    const current = tracks.find((t) => t.id === selected);
    items.push({
      label: `Audio: ${current?.name ?? ''}`,
      submenuTitle: 'Audio',
      submenu: () =>
        tracks.map((track) => ({
          label: track.name,
          checked: track.id === selected,
          onSelect: () => playback.selectAudioTrack(track.id),
        })),
    });
  }
  return items;
}

export function createQualityMenu(
  ctx: PlayerContext,
  playback: Playback,
  menu: PopupMenu,
  overflow: Pick<BarOverflow, 'items' | 'hasItems'>,
): HTMLButtonElement {
  const button = menuButton(
    'cr-source fluid_control_video_source fluid_button_video_source',
    'Quality',
    icons.settings,
  );
  const update = (): void => {
    button.hidden = !(
      playback.levels.length > 2 ||
      playback.sources.length > 1 ||
      playback.audioTracks.length > 0 ||
      overflow.hasItems
    );
  };
  ctx.on('sourcesChange', update);
  ctx.on('overflowChange', update);
  const items = (): MenuItem[] => {
    const qualities = qualityItems(playback);
    const moved = overflow.items();
    // Beside the controls moved out of a narrow bar, the qualities are one entry of their own.
    const current = qualities.find((q) => q.checked);
    const quality: MenuItem[] =
      moved.length && qualities.length
        ? [
            {
              label: `Quality: ${current?.label ?? 'audio only'}`,
              submenuTitle: 'Quality',
              submenu: () => qualityItems(playback),
            },
          ]
        : qualities;
    return [...quality, ...audioItems(playback), ...moved];
  };
  ctx.listen(button, 'click', () => toggleMenu(menu, button, 'Quality', items));
  update();
  return button;
}
