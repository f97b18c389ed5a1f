// A context for testing one controller alone: a video in a root element, resolved options, and
// the events the controller emitted.
import { resolveOptions } from '../options.ts';
import type { PlayerOptions } from '../options.ts';
import type { EventInfo, PlayerEventName } from '../player-types.ts';
import { createContext } from './context.ts';

export function testContext(options: PlayerOptions = {}) {
  const root = document.createElement('div');
  const video = document.createElement('video');
  root.append(video);
  document.body.append(root);
  const emitted: [PlayerEventName, Partial<EventInfo>][] = [];
  const ctx = createContext({
    video,
    root,
    options: resolveOptions(options),
    emit: (event, extra = {}) => emitted.push([event, extra]),
  });
  return { ctx, video, root, emitted };
}
