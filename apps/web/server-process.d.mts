export const DEFAULT_HEAP_MAX_MB: number;
export function serverProcessOptions(env: Record<string, string | undefined>): {
  nodeArgs: string[];
  env: { MALLOC_ARENA_MAX: string };
};
