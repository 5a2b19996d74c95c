// The bulk order's Web Worker: parsing and checking 50,000 rows here keeps the page
// responsive. It answers each request by its id.
import { checkBulkFile, parseBulkCsv } from './bulk-file';
import type { BulkWorkerRequest, BulkWorkerAnswer } from './bulk-worker-client';

self.onmessage = (event: MessageEvent<BulkWorkerRequest>) => {
  const request = event.data;
  let answer: BulkWorkerAnswer;
  try {
    answer =
      request.task === 'parse'
        ? { id: request.id, ok: true, result: parseBulkCsv(request.text) }
        : {
            id: request.id,
            ok: true,
            result: checkBulkFile(request.rows, request.mapping, request.defaults, request.facts),
          };
  } catch (error) {
    answer = {
      id: request.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  (self as unknown as Worker).postMessage(answer);
};
