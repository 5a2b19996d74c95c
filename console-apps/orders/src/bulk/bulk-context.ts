import type { BulkRow } from '@boon/contracts';
import { createContext, useContext } from 'react';
import type { CheckedFile } from './bulk-file';
import type { BulkField } from './column-mapping';

/** The file being made into a bulk order, kept by /bulk while the person moves between steps. */
export interface BulkFileState {
  name: string;
  headers: string[];
  rows: string[][];
  mapping: (BulkField | null)[];
  checked: CheckedFile | null;
}

export interface BulkDraft {
  file: BulkFileState | null;
  setFile(file: BulkFileState | null): void;
  /** The rows ready to send: the checked file's, once none has a problem. */
  ready: readonly BulkRow[] | null;
  /** The batch's Idempotency-Key: the same for a retry of the same file, new for a new file. */
  batchKey: string;
}

export const BulkDraftContext = createContext<BulkDraft | null>(null);

export function useBulkDraft(): BulkDraft {
  const draft = useContext(BulkDraftContext);
  if (!draft) throw new Error('useBulkDraft is used outside the /bulk layout');
  return draft;
}
