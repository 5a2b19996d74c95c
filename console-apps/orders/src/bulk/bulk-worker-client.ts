import type { BulkField } from './column-mapping';
import {
  checkBulkFile,
  parseBulkCsv,
  parseBulkPaste,
  type ParsedFile,
  type SheetEntry,
} from './bulk-file';
import { recheckSheet } from './bulk-recheck';
import type { BulkDefaults, BulkFacts } from './bulk-row-check';

export type BulkWorkerRequest =
  | { id: number; task: 'parse'; text: string; source: 'file' | 'paste' }
  /** A workbook's bytes, handed over to the worker (not copied). */
  | { id: number; task: 'parse-workbook'; data: ArrayBuffer }
  | {
      id: number;
      task: 'check';
      rows: readonly string[][];
      mapping: readonly (BulkField | null)[];
      defaults: BulkDefaults;
      facts: BulkFacts;
    }
  | {
      id: number;
      task: 'recheck';
      entries: readonly SheetEntry[];
      defaults: BulkDefaults;
      facts: BulkFacts;
    };

export type BulkWorkerAnswer =
  | { id: number; ok: true; result: ParsedFile | SheetEntry[] }
  | { id: number; ok: false; error: string };

let worker: Worker | undefined;
let nextId = 1;
const waiting = new Map<
  number,
  { resolve: (value: never) => void; reject: (error: Error) => void }
>();

/** The worker, started on first use; undefined where there is none (tests' jsdom). */
function bulkWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  if (!worker) {
    worker = new Worker(new URL('./bulk-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<BulkWorkerAnswer>) => {
      const answer = event.data;
      const pending = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (!pending) return;
      if (answer.ok) pending.resolve(answer.result as never);
      else pending.reject(new Error(answer.error));
    };
    worker.onerror = () => {
      for (const pending of waiting.values()) {
        pending.reject(new Error('The file could not be read in this browser.'));
      }
      waiting.clear();
    };
  }
  return worker;
}

function ask<T>(request: BulkWorkerRequest, transfer: Transferable[] = []): Promise<T> {
  const target = bulkWorker();
  return new Promise<T>((resolve, reject) => {
    waiting.set(request.id, { resolve: resolve as (value: never) => void, reject });
    if (target) target.postMessage(request, transfer);
  });
}

/** A CSV file's rows, or rows pasted, parsed off the page's thread where the browser can. */
export function parseInWorker(
  text: string,
  source: 'file' | 'paste' = 'file',
): Promise<ParsedFile> {
  // Without a worker (tests' jsdom), on the page's thread.
  if (!bulkWorker()) {
    return Promise.resolve(source === 'paste' ? parseBulkPaste(text) : parseBulkCsv(text));
  }
  return ask({ id: nextId++, task: 'parse', text, source });
}

/**
 * A workbook's first sheet, read in the worker, which loads the workbook reader then: the page
 * never holds it.
 */
export function parseWorkbookInWorker(data: ArrayBuffer): Promise<ParsedFile> {
  if (!bulkWorker()) {
    return Promise.reject(
      new Error('This browser cannot read workbooks here. Save the sheet as CSV and choose that.'),
    );
  }
  return ask({ id: nextId++, task: 'parse-workbook', data }, [data]);
}

/** Every row checked, off the page's thread where the browser can. */
export function checkInWorker(
  rows: readonly string[][],
  mapping: readonly (BulkField | null)[],
  defaults: BulkDefaults,
  facts: BulkFacts,
): Promise<SheetEntry[]> {
  if (!bulkWorker()) return Promise.resolve(checkBulkFile(rows, mapping, defaults, facts));
  return ask({ id: nextId++, task: 'check', rows, mapping, defaults, facts });
}

/** The checked rows, as they now stand, checked again against other defaults. */
export function recheckInWorker(
  entries: readonly SheetEntry[],
  defaults: BulkDefaults,
  facts: BulkFacts,
): Promise<SheetEntry[]> {
  if (!bulkWorker()) return Promise.resolve(recheckSheet(entries, defaults, facts));
  return ask({ id: nextId++, task: 'recheck', entries, defaults, facts });
}
