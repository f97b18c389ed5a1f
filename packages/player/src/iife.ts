// Script-tag entry: exposes the global cutroomPlayer(target, options), and fluidPlayer (the
// same call) so that a page written for Fluid Player works by swapping the script alone.
import { createPlayer } from './player.ts';

const g = globalThis as unknown as {
  cutroomPlayer: typeof createPlayer;
  fluidPlayer?: typeof createPlayer;
};
g.cutroomPlayer = createPlayer;
g.fluidPlayer ??= createPlayer;
