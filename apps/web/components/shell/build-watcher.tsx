'use client';

import { useEffect, useState } from 'react';
import { isChunkLoadError, shouldReloadAfterChunkError } from '@/lib/client/build-freshness';
import { BUILD_ID } from '@/lib/build-info';

const currentBuild = BUILD_ID;

function reloadOnceForPath() {
  const key = `cutroom:chunk-reload:${location.pathname}`;
  const last = Number(sessionStorage.getItem(key)) || null;
  if (!shouldReloadAfterChunkError(last, Date.now())) return;
  sessionStorage.setItem(key, String(Date.now()));
  location.reload();
}

/**
 * Polls /builds/latest.json and offers a reload when a new build is deployed; reloads a page
 * whose code chunk failed to load (at most once per path within 10 s).
 */
export function BuildWatcher({ pollSeconds }: { pollSeconds: number }) {
  const [newBuild, setNewBuild] = useState(false);

  useEffect(() => {
    let stopped = false;
    async function check() {
      if (document.visibilityState !== 'visible') return;
      try {
        const response = await fetch('/builds/latest.json', { cache: 'no-store' });
        if (!response.ok) return;
        const { id } = (await response.json()) as { id?: string };
        if (!stopped && id && currentBuild && id !== currentBuild) setNewBuild(true);
      } catch {
        // Offline or restarting: the next poll tries again.
      }
    }
    const timer = setInterval(check, pollSeconds * 1000);
    document.addEventListener('visibilitychange', check);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [pollSeconds]);

  useEffect(() => {
    function onError(event: ErrorEvent | Event) {
      const target = event.target as HTMLElement | null;
      const failedAsset =
        (target instanceof HTMLScriptElement && target.src.includes('/_next/')) ||
        (target instanceof HTMLLinkElement && target.href.includes('/_next/'));
      if (failedAsset || ('error' in event && isChunkLoadError(event.error))) reloadOnceForPath();
    }
    function onRejection(event: PromiseRejectionEvent) {
      if (isChunkLoadError(event.reason)) reloadOnceForPath();
    }
    window.addEventListener('error', onError, true);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError, true);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  if (!newBuild) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-lg border border-accent/40 bg-surface-overlay px-4 py-3 shadow-2xl"
    >
      <p className="flex-1 text-sm">A new version of the site is available.</p>
      <button
        type="button"
        onClick={() => location.reload()}
        className="rounded-full bg-accent px-3 py-1.5 text-sm font-semibold text-black"
      >
        Reload
      </button>
    </div>
  );
}
