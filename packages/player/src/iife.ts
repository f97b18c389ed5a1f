// Script-tag entry: exposes the global cutroomPlayer(target, options).
import { createPlayer } from './player.ts';

const g = globalThis as unknown as { cutroomPlayer: typeof createPlayer };
g.cutroomPlayer = createPlayer;
