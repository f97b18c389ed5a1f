// One place for the player's console output, so messages keep their wording
// (docs/player/behaviour.md).
const PREFIX = '[Cutroom Player]';

export function logError(message: string): void {
  console.error(`${PREFIX} ${message}`);
}

export function logWarn(message: string): void {
  console.warn(`${PREFIX} ${message}`);
}

export function logInfo(message: string): void {
  console.log(`${PREFIX} ${message}`);
}
