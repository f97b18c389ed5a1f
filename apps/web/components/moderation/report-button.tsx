'use client';

import { useState } from 'react';
import type { ReportTarget } from '@cutroom/core/platform/db/schema';
import { loadOnce, useLoadOnPress } from '@/components/ui/load-on-press';

const loadDialog = loadOnce(() => import('./report-dialog'));

/**
 * "Report" on a video, a profile or a comment. The dialog (Base UI) loads when a pointer or
 * the focus comes near, so pages that nobody reports from do not pay for it. A visitor is
 * sent to sign in first.
 */
export function ReportButton({
  targetKind,
  targetId,
  targetName,
  signedIn,
  className,
  initiallyReported = false,
}: {
  targetKind: ReportTarget;
  targetId: string;
  targetName: string;
  /** Unknown on pages cached for visitors: the server then answers the dialog with sign-in. */
  signedIn?: boolean;
  className?: string;
  /** The member reported it already (the button then says so). */
  initiallyReported?: boolean;
}) {
  const { loaded, warm, press: load } = useLoadOnPress(loadDialog);
  const Dialog = loaded?.ReportDialog;
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(initiallyReported);
  const press = () => {
    if (signedIn === false) {
      window.location.assign(
        `/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`,
      );
      return;
    }
    load(() => setOpen(true));
  };
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={warm}
        onFocus={warm}
        onClick={press}
        disabled={reported && !open}
        className={
          className ??
          'rounded-full border border-white/20 px-3 py-1 text-sm text-neutral-200 hover:bg-white/10 disabled:opacity-60'
        }
        data-testid={`report-${targetKind}`}
      >
        {reported ? 'Reported' : 'Report'}
      </button>
      {Dialog && (
        <Dialog
          targetKind={targetKind}
          targetId={targetId}
          targetName={targetName}
          open={open}
          onOpenChange={setOpen}
          onReported={() => setReported(true)}
        />
      )}
    </>
  );
}
