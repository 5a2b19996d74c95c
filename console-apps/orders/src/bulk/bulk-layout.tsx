import { newIdempotencyKey } from '@boon/console-kit/forms';
import { secondaryLinkClasses } from '@boon/ui';
import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
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
  const current = steps.findIndex((step) => (step.routes as readonly string[]).includes(routeName));
  return (
    <BulkDraftContext.Provider value={draft}>
      <div className="flex w-full max-w-5xl flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <nav aria-label="Bulk order steps">
            <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {steps.map((step, index) => (
                <li
                  key={step.label}
                  aria-current={index === current ? 'step' : undefined}
                  className={index === current ? 'font-semibold text-brand-700' : 'text-ink-muted'}
                >
                  <span aria-hidden="true">{index + 1}. </span>
                  {step.label}
                  {index < current ? <span className="sr-only"> (done)</span> : null}
                </li>
              ))}
            </ol>
          </nav>
          <Link to="/orders" className={secondaryLinkClasses}>
            Close
          </Link>
        </div>
        <Outlet />
      </div>
    </BulkDraftContext.Provider>
  );
}
