import {
  FIRST_DATA_LINE,
  checkBulkFile,
  parseBulkCsv,
  parseBulkPaste,
  type SheetEntry,
} from './bulk-file';
import { recheckSheet } from './bulk-recheck';
import type { BulkWorkerAnswer, BulkWorkerRequest } from './bulk-worker-client';
import { PART_ITEMS, splitList, type ListPart, type PartCollector } from './bulk-worker-parts';

async function resultOf(request: BulkWorkerRequest) {
  switch (request.task) {
    case 'parse':
      return request.source === 'paste' ? parseBulkPaste(request.text) : parseBulkCsv(request.text);
    case 'parse-workbook': {
      const reader = await import('./bulk-xlsx').catch(() => {
        throw new Error(
          'The workbook reader did not load. Check your connection, and choose the file again.',
        );
      });
      return reader.parseBulkXlsx(request.data);
    }
    case 'check':
    case 'recheck':
      return checkedSlice(request, 0, listLength(request));
  }
}

/** How many rows a check is asked about. */
function listLength(request: Extract<BulkWorkerRequest, { task: 'check' | 'recheck' }>): number {
  return request.task === 'check' ? request.rows.length : request.entries.length;
}

/**
 * A request's whole result, or why there is none, under its id: the answer to a file read, and
 * to a check taken in one piece (tests' in-process worker); the worker streams checks
 * (postBulkAnswer).
 */
export async function answerBulkRequest(request: BulkWorkerRequest): Promise<BulkWorkerAnswer> {
  try {
    return { id: request.id, ok: true, result: await resultOf(request) };
  } catch (error) {
    return {
      id: request.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** The request with its list whole again: the parts sent ahead of it, then its own. */
export function withWholeList(
  request: BulkWorkerRequest,
  received: PartCollector,
): BulkWorkerRequest {
  switch (request.task) {
    case 'check':
      return { ...request, rows: received.whole(request.id, request.rows) };
    case 'recheck':
      return { ...request, entries: received.whole(request.id, request.entries) };
    default:
      return request;
  }
}

/**
 * The answer as the messages that carry it: a parsed file's rows in parts first, then the
 * answer with the last of them. (A check's rows are streamed as they are checked: postBulkAnswer.)
 */
export function answerInParts(answer: BulkWorkerAnswer): (BulkWorkerAnswer | ListPart)[] {
  if (!answer.ok || Array.isArray(answer.result) || !answer.result.ok) return [answer];
  const { ahead, last } = splitList(answer.result.rows);
  const parts: ListPart[] = ahead.map((items) => ({ id: answer.id, task: 'part', items }));
  return [...parts, { ...answer, result: { ...answer.result, rows: last } }];
}

/**
 * The checked rows, as `check` or `recheck` asks, of one slice of the request's list that starts
 * `offset` rows into it.
 */
function checkedSlice(
  request: Extract<BulkWorkerRequest, { task: 'check' | 'recheck' }>,
  offset: number,
  length: number,
): SheetEntry[] {
  if (request.task === 'recheck') {
    return recheckSheet(
      request.entries.slice(offset, offset + length),
      request.defaults,
      request.facts,
    );
  }
  return checkBulkFile(
    request.rows.slice(offset, offset + length),
    request.mapping,
    request.defaults,
    request.facts,
    (request.firstLine ?? FIRST_DATA_LINE) + offset,
  );
}

/**
 * Answers the request through `post`. A check's rows go part by part as they are checked, so the
 * page takes each part in while the next is being checked, instead of all of them after the
 * last; other answers go as answerInParts cuts them.
 */
export async function postBulkAnswer(
  request: BulkWorkerRequest,
  post: (message: BulkWorkerAnswer | ListPart) => void,
): Promise<void> {
  if (request.task !== 'check' && request.task !== 'recheck') {
    for (const message of answerInParts(await answerBulkRequest(request))) post(message);
    return;
  }
  const total = listLength(request);
  try {
    let offset = 0;
    for (; total - offset > PART_ITEMS; offset += PART_ITEMS) {
      post({ id: request.id, task: 'part', items: checkedSlice(request, offset, PART_ITEMS) });
    }
    post({ id: request.id, ok: true, result: checkedSlice(request, offset, total - offset) });
  } catch (error) {
    post({
      id: request.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
