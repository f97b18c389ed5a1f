'use client';

import { Dialog } from '@base-ui/react/dialog';
import { useId, useState, type FormEvent } from 'react';
import {
  MAX_REPORT_DETAILS_LENGTH,
  REPORT_REASONS,
  type ReportReason,
} from '@cutroom/core/features/moderation/reports/reports.schema';
import type { ReportTarget } from '@cutroom/core/platform/db/schema';
import { callApi } from '@/lib/client/api';

export interface ReportDialogProps {
  targetKind: ReportTarget;
  targetId: string;
  /** How the item is named in the dialog's title ("this video", "alice"). */
  targetName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a report is stored, or when the server says this person reported it already. */
  onReported: () => void;
}

/**
 * The report form in a Base UI dialog: a reason from the list and optional details. The
 * answer (thanks, or why not: already reported, sign in) shows in the dialog.
 */
export function ReportDialog(props: ReportDialogProps) {
  const { targetKind, targetId, targetName, open, onOpenChange, onReported } = props;
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const detailsId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setOutcome({ ok: false, text: 'Choose a reason first' });
      return;
    }
    setBusy(true);
    const result = await callApi('/api/v2/reports', {
      mode: 'Report',
      targetKind,
      targetId,
      reason,
      details,
    });
    setBusy(false);
    if (result.ok) {
      setOutcome({ ok: true, text: result.body.Message ?? 'Thank you' });
      onReported();
    } else {
      setOutcome({ ok: false, text: result.body.error ?? `Failed (status ${result.status})` });
      if (result.status === 409 && /already reported/.test(result.body.error ?? '')) onReported();
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Backdrop className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Popup
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(28rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-white/15 bg-surface-raised p-5 text-neutral-100 shadow-xl"
          data-testid="report-dialog"
        >
          <Dialog.Title className="text-lg font-bold">Report {targetName}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-neutral-300">
            Staff read every report. You can follow yours on the Reports page.
          </Dialog.Description>
          {outcome?.ok ? (
            <div className="mt-4 space-y-4">
              <p role="status" className="text-sm text-green-300" data-testid="report-outcome">
                {outcome.text}
              </p>
              <div className="flex justify-end gap-2">
                <a href="/reports" className="rounded-full px-4 py-2 text-sm underline">
                  My reports
                </a>
                <Dialog.Close className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black">
                  Close
                </Dialog.Close>
              </div>
            </div>
          ) : (
            <form onSubmit={submit} className="mt-4 space-y-4">
              <fieldset>
                <legend className="mb-2 text-sm font-semibold">Reason</legend>
                <div className="space-y-1">
                  {(Object.entries(REPORT_REASONS) as [ReportReason, string][]).map(
                    ([key, label]) => (
                      <label
                        key={key}
                        className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-white/5"
                      >
                        <input
                          type="radio"
                          name="reason"
                          value={key}
                          checked={reason === key}
                          onChange={() => setReason(key)}
                          className="accent-[var(--color-accent)]"
                        />
                        {label}
                      </label>
                    ),
                  )}
                </div>
              </fieldset>
              <div>
                <label htmlFor={detailsId} className="mb-1 block text-sm font-semibold">
                  Details <span className="font-normal text-neutral-400">(optional)</span>
                </label>
                <textarea
                  id={detailsId}
                  value={details}
                  onChange={(event) => setDetails(event.target.value)}
                  maxLength={MAX_REPORT_DETAILS_LENGTH}
                  rows={3}
                  className="w-full rounded border border-white/20 bg-black/40 px-2 py-1.5 text-sm"
                />
              </div>
              {outcome && (
                <p role="alert" className="text-sm text-red-300" data-testid="report-outcome">
                  {outcome.text}
                </p>
              )}
              <div className="flex justify-end gap-2">
                <Dialog.Close className="rounded-full px-4 py-2 text-sm hover:bg-white/10">
                  Cancel
                </Dialog.Close>
                <button
                  type="submit"
                  disabled={busy}
                  className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black disabled:opacity-60"
                  data-testid="report-submit"
                >
                  {busy ? 'Sending…' : 'Send report'}
                </button>
              </div>
            </form>
          )}
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
