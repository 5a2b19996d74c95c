import { newIdempotencyKey } from '@boon/console-kit/forms';
import { secondaryLinkClasses } from '@boon/ui';
import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { StepIndicator } from '../order-parts';
import { BulkDraftContext, type BulkDraft, type BulkFileState } from './bulk-context';
import { summariseSheet } from './bulk-file';

const steps = [
  { label: 'Spreadsheet', routes: ['bulk-create', 'bulk-errors-preview'] },
  { label: 'Payment', routes: ['bulk-summary-payment'] },
  { label: 'Sending', routes: ['bulk-progress'] },
] as const;

/**
 * /bulk (spec 2.4): a bulk order from a spreadsheet, its file kept here while the person moves
 * between its steps, with a way out (the sidebar is hidden on these pages).
 */
export function BulkLayout() {
  const routeName = useMatches({ select: (matches) => matches.at(-1)?.staticData.name ?? '' });
  const [file, setFileState] = useState<BulkFileState | null>(null);
  const [batchKey, setBatchKey] = useState(newIdempotencyKey);
  const summary = useMemo(() => (file?.sheet ? summariseSheet(file.sheet.entries) : null), [file]);
  const draft = useMemo<BulkDraft>(
    () => ({
      file,
      setFile: (next) => {
        setFileState(next);
        // Other rows are another batch; the same rows paid again after a failure are not.
        if (next?.sheet?.entries !== file?.sheet?.entries) setBatchKey(newIdempotencyKey());
      },
      summary,
      ready: summary?.ready ?? null,
      batchKey,
    }),
    [file, batchKey, summary],
  );
  return (
    <BulkDraftContext.Provider value={draft}>
      <div className="flex w-full max-w-5xl flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <StepIndicator steps={steps} routeName={routeName} label="Bulk order steps" />
          <Link to="/orders" className={secondaryLinkClasses}>
            Close
          </Link>
        </div>
        <Outlet />
      </div>
    </BulkDraftContext.Provider>
  );
}
