// How the site's production process is started, by `npm start` (scripts/start.mjs) and the
// benches alike: the ceiling of its JavaScript heap (HEAP_MAX_MB), and two malloc arenas
// (docs/operations.md, Memory). Plain JavaScript, so that the start script needs nothing built.

/** The heap's ceiling when HEAP_MAX_MB is not set: room for the caches at their bounds. */
export const DEFAULT_HEAP_MAX_MB = 512;

/**
 * Node's options and the environment the server starts with. V8 sizes its heap against its
 * ceiling: with none given (a few GB here) it let the heap grow to twice what it held (530 MB
 * for 270 MB in use after a day of traffic). glibc gives each thread that allocates an arena of
 * its own and keeps what they freed; two are enough for the server's threads.
 */
export function serverProcessOptions(env) {
  const text = (env.HEAP_MAX_MB ?? '').trim();
  const heapMb = text === '' ? DEFAULT_HEAP_MAX_MB : Number(text);
  if (!Number.isInteger(heapMb) || heapMb < 128) {
    throw new Error(`HEAP_MAX_MB is a whole number of megabytes, 128 or more (given "${text}")`);
  }
  return {
    nodeArgs: [`--max-old-space-size=${heapMb}`],
    env: { MALLOC_ARENA_MAX: (env.MALLOC_ARENA_MAX ?? '').trim() || '2' },
  };
}

/** The same for a start script: a wrong setting is said in one line, and the script exits. */
export function serverProcessOptionsOrExit(env) {
  try {
    return serverProcessOptions(env);
  } catch (error) {
    console.error(`✗ ${error.message}`);
    process.exit(1);
  }
}
