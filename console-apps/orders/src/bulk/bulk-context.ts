import type { BulkPayFrom, BulkRow } from '@boon/contracts';
import { createContext, useContext } from 'react';
import type { BulkChoices } from './bulk-choices';
import type { SheetEntry, SheetSummary } from './bulk-file';
import type { BulkDefaults, BulkFacts } from './bulk-row-check';
import type { BulkField } from './column-mapping';

/** The file being made into a bulk order, kept by /bulk while the person moves between steps. */
export interface BulkFileState {
  /** The file's name, or "pasted rows". */
  name: string;
  /** Rows pasted rather than a file chosen. */
  pasted?: boolean;
  headers: string[];
  rows: string[][];
  mapping: (BulkField | null)[];
  /** The rows as checked, with what the check used, to check an edited row again; null before. */
  sheet: { entries: SheetEntry[]; defaults: BulkDefaults; facts: BulkFacts } | null;
}

export interface BulkDraft {
  file: BulkFileState | null;
  setFile(file: BulkFileState | null): void;
  /** What the checked rows come to; null before the check. */
  summary: SheetSummary | null;
  /** The rows ready to send: the checked file's, once none has a problem. */
  ready: readonly BulkRow[] | null;
  /**
   * The batch's Idempotency-Key for these rows paid this way: the same for a retry of the same
   * file with the same paying balances (which carries on the batch started), another for another
   * choice of balances (a batch is started with its balances) or a new file.
   */
  batchKeyFor(payFrom: BulkPayFrom): string;
  /**
   * New batch keys: the batches of the old ones are gone (discarded unpaid) or were refused for
   * good, so the rows start anew.
   */
  renewBatchKey(): void;
  /**
   * The balances the person chose to pay currencies with, by currency of the rewards (the
   * payment step's choice; a currency not chosen for goes with the step's default).
   */
  payingChoices: Readonly<Record<string, string>>;
  /** Chooses the balance that pays the rewards in `currency`. */
  choosePaying(currency: string, balance: string): void;
  /**
   * The paying balances a payment of these rows went out with, while it may have gone through:
   * unanswered, or paid. Paying again must use exactly these (and so the same batch), or the rows
   * could be paid twice; null once a refusal has shown that nothing was paid.
   */
  payingSent: BulkPayFrom | null;
  /** Records (or, with null, forgets) the paying balances a payment went out with. */
  setPayingSent(payFrom: BulkPayFrom | null): void;
  /** The order's merchant and message, for rows that name none (the brands and message steps). */
  choices: BulkChoices;
  /** Sets the order's choices; checked rows are checked again with them. */
  setChoices(choices: BulkChoices): void;
  /** What is being checked, while it is ("Checking 2,500 rows…"). */
  checking: string | null;
  /** Why the last check did not finish, in words. */
  checkProblem: string | null;
  /** Checks the file's rows with the order's choices (the rows as they stand, once checked). */
  check(file: BulkFileState): Promise<void>;
}

export const BulkDraftContext = createContext<BulkDraft | null>(null);

export function useBulkDraft(): BulkDraft {
  const draft = useContext(BulkDraftContext);
  if (!draft) throw new Error('useBulkDraft is used outside the /bulk layout');
  return draft;
}
