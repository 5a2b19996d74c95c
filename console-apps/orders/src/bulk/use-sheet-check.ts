import {
  currentDateFormat,
  errorMessage,
  useApiClient,
  useSelectedCustomerId,
} from '@boon/console-kit';
import { useCallback, useRef, useState } from 'react';
import { productsByCode, useBalances } from '../api';
import { useFxOn } from '../order-parts';
import { bulkDefaultsOf, withChosenMerchant, type BulkChoices } from './bulk-choices';
import type { BulkFileState } from './bulk-context';
import type { BulkFacts } from './bulk-row-check';
import { checkInWorker, recheckInWorker } from './bulk-worker-client';
import { rememberMapping } from './remembered-mapping';

/** The codes of the merchants the rows name, as they stand. */
function codesOf(file: BulkFileState): string[] {
  const codes = file.sheet
    ? file.sheet.entries.map((entry) => entry.raw.productCode ?? '')
    : file.rows.map((cells) => cells[file.mapping.indexOf('productCode')] ?? '');
  return [...new Set(codes.map((code) => code.trim().toUpperCase()).filter(Boolean))];
}

export interface SheetCheck {
  /** What is being checked, while it is. */
  checking: string | null;
  /** Why the last check did not finish, in words. */
  checkProblem: string | null;
  clearCheckProblem(): void;
  /**
   * The rows checked with the order's choices: the file's rows at first, then the checked rows as
   * they stand (edited in the grid, some deleted) when only the choices changed since.
   */
  check(file: BulkFileState, choices: BulkChoices): Promise<void>;
}

/**
 * Checking a bulk order's rows, kept by the /bulk layout rather than a page: a choice made on the
 * brands or message step checks the rows again after that step has closed. The catalogue's
 * merchants are fetched once each, the rows checked in the worker, and the columns' matching
 * remembered once it has served a check.
 */
export function useSheetCheck(setFile: (file: BulkFileState) => void): SheetCheck {
  const api = useApiClient();
  const customerId = useSelectedCustomerId();
  const balances = useBalances(customerId);
  const [checking, setChecking] = useState<string | null>(null);
  const [checkProblem, setCheckProblem] = useState<string | null>(null);
  const balanceCurrencies = balances.data;
  const fxOn = useFxOn();
  // Checks may overlap (a choice changed while the rows were being checked), and their answers
  // need not come back in order: only the latest check's answer is taken.
  const latestCheck = useRef(0);

  const check = useCallback(
    async (file: BulkFileState, choices: BulkChoices) => {
      const thisCheck = ++latestCheck.current;
      const isLatest = () => thisCheck === latestCheck.current;
      setCheckProblem(null);
      const count = file.sheet?.entries.length ?? file.rows.length;
      setChecking(`Checking ${count.toLocaleString()} rows…`);
      try {
        const known = file.sheet?.facts.products ?? new Map();
        const fetched = await productsByCode(
          api,
          codesOf(file).filter((code) => !known.has(code)),
        );
        const facts: BulkFacts = withChosenMerchant(
          {
            products: new Map([...known, ...fetched]),
            balances: (balanceCurrencies ?? []).map((balance) => balance.currency),
            fx: fxOn,
            timeZone: currentDateFormat().timeZone,
          },
          choices,
        );
        const defaults = bulkDefaultsOf(choices);
        const entries = file.sheet
          ? await recheckInWorker(file.sheet.entries, defaults, facts)
          : await checkInWorker(file.rows, file.mapping, defaults, facts);
        if (!isLatest()) return;
        setFile({ ...file, sheet: { entries, defaults, facts } });
        if (!file.sheet) rememberMapping(customerId, file.headers, file.mapping);
      } catch (error) {
        if (isLatest()) {
          setCheckProblem(`We couldn't check the rows: ${errorMessage(error)} Try again.`);
        }
      } finally {
        if (isLatest()) setChecking(null);
      }
    },
    [api, customerId, balanceCurrencies, fxOn, setFile],
  );

  const clearCheckProblem = useCallback(() => setCheckProblem(null), []);
  return { checking, checkProblem, clearCheckProblem, check };
}
