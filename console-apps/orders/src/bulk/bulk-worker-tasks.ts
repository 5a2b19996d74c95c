import { checkBulkFile, parseBulkCsv, parseBulkPaste } from './bulk-file';
import { recheckSheet } from './bulk-recheck';
import type { BulkWorkerAnswer, BulkWorkerRequest } from './bulk-worker-client';

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
      return checkBulkFile(request.rows, request.mapping, request.defaults, request.facts);
    case 'recheck':
      return recheckSheet(request.entries, request.defaults, request.facts);
  }
}

/** What the bulk worker answers a request: its result, or why there is none, under its id. */
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
