// The bulk order's Web Worker: parsing and checking 50,000 rows here keeps the page
// responsive. It answers each request by its id.
import type { BulkWorkerRequest } from './bulk-worker-client';
import { answerBulkRequest } from './bulk-worker-tasks';

self.onmessage = async (event: MessageEvent<BulkWorkerRequest>) => {
  (self as unknown as Worker).postMessage(await answerBulkRequest(event.data));
};
