'use client';

import { useCallback, useState } from 'react';

/**
 * A part of the page whose code loads when it is first wanted (a menu, a popover, a dialog):
 * `warm` starts fetching it as a pointer or the focus comes near its button, `press` fetches
 * it if need be and then shows it. Until then the page carries a plain button, not the code.
 */
export function useLoadOnPress<Module>(load: () => Promise<Module>) {
  const [loaded, setLoaded] = useState<Module | null>(null);
  const warm = useCallback(() => void load(), [load]);
  const press = useCallback(
    (then?: (module: Module) => void) =>
      void load().then((module) => {
        setLoaded(() => module);
        then?.(module);
      }),
    [load],
  );
  return { loaded, warm, press };
}

/** One fetch of a lazily loaded module, however many buttons ask for it. */
export function loadOnce<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let pending: Promise<Module> | null = null;
  return () => (pending ??= load());
}
