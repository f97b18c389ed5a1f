import { createServer } from 'node:net';

/**
 * The ports a test server is given: below Linux's ephemeral range (32768–60999), from which the
 * system picks the local port of every outgoing connection. A port taken from that range (by
 * listening on port 0) could be handed to a browser's or a database client's connection in the
 * seconds before the server listens on it.
 */
const FIRST = 20_000;
const LAST = 32_000;

/** Whether nothing listens on `port` now (on every address, as the servers listen). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on now, picked at random below the ephemeral range: two test processes
 * picking at once rarely pick the same, and a server that finds its port taken after all is
 * started again on another (e2e/support/global-setup.ts).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST));
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port found between ${FIRST} and ${LAST}`);
}
