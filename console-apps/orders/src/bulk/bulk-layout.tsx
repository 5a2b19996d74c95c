import type { BulkPayFrom } from '@boon/contracts';
import { newIdempotencyKey } from '@boon/console-kit/forms';
import { secondaryLinkClasses } from '@boon/ui';
import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import { StepIndicator } from '../order-parts';
import { bulkDefaultsOf, noBulkChoices, sameDefaults, type BulkChoices } from './bulk-choices';
import { BulkDraftContext, type BulkDraft, type BulkFileState } from './bulk-context';
import { summariseSheet } from './bulk-file';
import { useSheetCheck } from './use-sheet-check';

const steps = [
  {
    label: 'Spreadsheet',
    routes: ['bulk-create', 'bulk-brands', 'bulk-message', 'bulk-errors-preview'],
  },
  { label: 'Payment', routes: ['bulk-summary-payment', 'bulk-summary-preview'] },
  { label: 'Sending', routes: ['bulk-progress'] },
] as const;

/**
 * /bulk (spec 2.4): a bulk order from a spreadsheet, its file kept here while the person moves
 * between its steps, with a way out (the sidebar is hidden on these pages).
 */
export function BulkLayout() {
  const routeName = useMatches({ select: (matches) => matches.at(-1)?.staticData.name ?? '' });
  const [file, setFileState] = useState<BulkFileState | null>(null);
  // A batch key per choice of paying balances, for the file being paid (batchKeyFor).
  const batchKeys = useRef(new Map<string, string>());
  const [choices, setChoicesState] = useState<BulkChoices>(noBulkChoices);
  const [payingChoices, setPayingChoices] = useState<Record<string, string>>({});
  const [payingSent, setPayingSent] = useState<BulkPayFrom | null>(null);
  const summary = useMemo(() => (file?.sheet ? summariseSheet(file.sheet.entries) : null), [file]);
  const setFile = useCallback(
    (next: BulkFileState | null) => {
      setFileState(next);
      // Other rows are another batch; the same rows paid again after a failure are not.
      if (next?.sheet?.entries !== file?.sheet?.entries) {
        batchKeys.current = new Map();
        setPayingSent(null);
      }
    },
    [file],
  );
  const { checking, checkProblem, clearCheckProblem, check } = useSheetCheck(setFile);
  // Checked rows follow the order's merchant and message: changed after the check, they are
  // checked again, cells edited in the grid and rows deleted there included.
  const setChoices = useCallback(
    (next: BulkChoices) => {
      setChoicesState(next);
      if (file?.sheet && !sameDefaults(file.sheet.defaults, bulkDefaultsOf(next))) {
        void check(file, next);
      }
    },
    [file, check],
  );
  const draft = useMemo<BulkDraft>(
    () => ({
      file,
      setFile: (next) => {
        clearCheckProblem();
        setFile(next);
      },
      summary,
      ready: summary?.ready ?? null,
      batchKeyFor: (payFrom) => {
        const fingerprint = JSON.stringify(Object.entries(payFrom).sort());
        let key = batchKeys.current.get(fingerprint);
        if (!key) batchKeys.current.set(fingerprint, (key = newIdempotencyKey()));
        return key;
      },
      renewBatchKey: () => {
        batchKeys.current = new Map();
        setPayingSent(null);
      },
      payingSent,
      setPayingSent,
      payingChoices,
      choosePaying: (currency, balance) => {
        if (payingChoices[currency] !== balance) {
          setPayingChoices({ ...payingChoices, [currency]: balance });
        }
      },
      choices,
      setChoices,
      checking,
      checkProblem,
      check: (next) => check(next, choices),
    }),
    [
      file,
      setFile,
      summary,
      payingSent,
      payingChoices,
      choices,
      setChoices,
      checking,
      checkProblem,
      check,
      clearCheckProblem,
    ],
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
