import type { BulkField } from './column-mapping';
import { checkBulkFile, parseBulkCsv, type ParsedFile, type SheetEntry } from './bulk-file';
import type { BulkDefaults, BulkFacts } from './bulk-row-check';

export type BulkWorkerRequest =
  | { id: number; task: 'parse'; text: string }
  | {
      id: number;
      task: 'check';
      rows: readonly string[][];
      mapping: readonly (BulkField | null)[];
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

function ask<T>(request: BulkWorkerRequest): Promise<T> {
  const target = bulkWorker();
  return new Promise<T>((resolve, reject) => {
    waiting.set(request.id, { resolve: resolve as (value: never) => void, reject });
    if (target) target.postMessage(request);
  });
}

/** A CSV file's rows, parsed off the page's thread where the browser can. */
export function parseInWorker(text: string): Promise<ParsedFile> {
  // Without a worker (tests' jsdom), on the page's thread.
  if (!bulkWorker()) return Promise.resolve(parseBulkCsv(text));
  return ask({ id: nextId++, task: 'parse', text });
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
