import type { BulkField } from './column-mapping';
import {
  FIRST_DATA_LINE,
  checkBulkFile,
  parseBulkCsv,
  parseBulkPaste,
  type ParsedFile,
  type SheetEntry,
} from './bulk-file';
import { recheckSheet } from './bulk-recheck';
import type { BulkDefaults, BulkFacts } from './bulk-row-check';
import { PART_ITEMS, PartCollector, cut, splitList, type ListPart } from './bulk-worker-parts';

export type BulkWorkerRequest =
  | { id: number; task: 'parse'; text: string; source: 'file' | 'paste' }
  /** A workbook's bytes, handed over to the worker (not copied). */
  | { id: number; task: 'parse-workbook'; data: ArrayBuffer }
  | {
      id: number;
      task: 'check';
      rows: readonly string[][];
      /** The spreadsheet row of rows[0]: a worker may check a slice of the file. */
      firstLine?: number;
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

/**
 * The workers: as many as the device has processors, up to 4. The page's thread waits while the
 * rows are checked, so a long file's check is split between them all; reading a file, and a
 * check of fewer rows than a part (the grid's changes), go to the first.
 */
let workers: Worker[] | undefined;
/** Workers that failed (their code did not load, or it broke): nothing sent to them is answered. */
const failed = new WeakSet<Worker>();
const WORKER_FAILED = 'The file could not be read in this browser.';
const POOL_MAX = 4;
let nextId = 1;
const waiting = new Map<
  number,
  { resolve: (value: never) => void; reject: (error: Error) => void }
>();
/** The parts of answers still on their way. */
const answerParts = new PartCollector();

/** The answer's result with its long list whole again. */
function wholeResult(id: number, result: ParsedFile | SheetEntry[]): ParsedFile | SheetEntry[] {
  if (Array.isArray(result)) return answerParts.whole(id, result);
  return result.ok ? { ...result, rows: answerParts.whole(id, result.rows) } : result;
}

/** Resolves in a task of its own, after what the page has waiting (a paint, a key press). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function startWorker(): Worker {
  const worker = new Worker(new URL('./bulk-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<BulkWorkerAnswer | ListPart>) => {
    // A failed worker's last messages: nothing waits for them any more.
    if (failed.has(worker)) return;
    const message = event.data;
    if ('task' in message) {
      answerParts.add(message);
      return;
    }
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (!message.ok || !pending) answerParts.forget(message.id);
    if (!pending) return;
    if (message.ok) pending.resolve(wholeResult(message.id, message.result) as never);
    else pending.reject(new Error(message.error));
  };
  // A worker that fails takes the pool with it: a check waits for every worker's slice, and the
  // others run the same code. What was waiting is refused, and the next request starts a new pool.
  worker.onerror = () => {
    failed.add(worker);
    worker.terminate();
    // A worker of a pool already given up: nothing of the present pool waits on it.
    if (!workers?.includes(worker)) return;
    for (const member of workers) {
      if (member === worker) continue;
      failed.add(member);
      member.terminate();
    }
    workers = undefined;
    for (const [id, pending] of waiting) {
      answerParts.forget(id);
      pending.reject(new Error(WORKER_FAILED));
    }
    waiting.clear();
  };
  return worker;
}

/** The workers, started on first use; none where there is no Worker (tests' jsdom). */
function bulkWorkers(): Worker[] {
  if (typeof Worker === 'undefined') return [];
  const processors = globalThis.navigator?.hardwareConcurrency || 1;
  workers ??= Array.from({ length: Math.max(1, Math.min(POOL_MAX, processors)) }, startWorker);
  return workers;
}

/** The first worker, which reads files; undefined where there is none. */
function bulkWorker(): Worker | undefined {
  return bulkWorkers()[0];
}

/**
 * Starts the workers ahead of their first request: loading and evaluating their code (the CSV
 * reader, the contract's schemas) took a few hundred milliseconds of the first file's reading.
 */
export function startBulkWorker(): void {
  bulkWorkers();
}

function ask<T>(
  request: BulkWorkerRequest,
  transfer: Transferable[] = [],
  target = bulkWorker(),
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // The pool failed while this request's parts were on their way.
    if (target && failed.has(target)) {
      answerParts.forget(request.id);
      reject(new Error(WORKER_FAILED));
      return;
    }
    waiting.set(request.id, { resolve: resolve as (value: never) => void, reject });
    if (target) target.postMessage(request, transfer);
  });
}

/**
 * A request whose list goes ahead in parts, each copied in a task of its own, the request itself
 * with the last part.
 */
async function askInParts<T, R extends BulkWorkerRequest>(
  request: R,
  list: readonly unknown[],
  withLast: (last: unknown[]) => R,
  target = bulkWorker(),
): Promise<T> {
  const { ahead, last } = splitList(list);
  for (const items of ahead) {
    const part: ListPart = { id: request.id, task: 'part', items };
    target?.postMessage(part);
    await nextTask();
  }
  return ask<T>(withLast(last), [], target);
}

/**
 * The list cut into one slice per worker, in order, none smaller than a part: a short list is
 * not worth the second worker's messages.
 */
function slicesFor<T>(list: readonly T[], count: number): T[][] {
  return cut(list, Math.max(PART_ITEMS, Math.ceil(list.length / count)));
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
  const pool = bulkWorkers();
  if (pool.length === 0) return Promise.resolve(checkBulkFile(rows, mapping, defaults, facts));
  let firstLine = FIRST_DATA_LINE;
  const checked = slicesFor(rows, pool.length).map((slice, index) => {
    const request = {
      id: nextId++,
      task: 'check',
      rows: slice,
      mapping,
      defaults,
      facts,
      firstLine,
    } as const;
    firstLine += slice.length;
    return askInParts<SheetEntry[], BulkWorkerRequest>(
      request,
      slice,
      (last) => ({ ...request, rows: last as string[][] }),
      pool[index],
    );
  });
  return Promise.all(checked).then((slices) => slices.flat());
}

/** The checked rows, as they now stand, checked again against other defaults. */
export function recheckInWorker(
  entries: readonly SheetEntry[],
  defaults: BulkDefaults,
  facts: BulkFacts,
): Promise<SheetEntry[]> {
  const pool = bulkWorkers();
  if (pool.length === 0) return Promise.resolve(recheckSheet(entries, defaults, facts));
  const checked = slicesFor(entries, pool.length).map((slice, index) => {
    const request = { id: nextId++, task: 'recheck', entries: slice, defaults, facts } as const;
    return askInParts<SheetEntry[], BulkWorkerRequest>(
      request,
      slice,
      (last) => ({ ...request, entries: last as SheetEntry[] }),
      pool[index],
    );
  });
  return Promise.all(checked).then((slices) => slices.flat());
}
