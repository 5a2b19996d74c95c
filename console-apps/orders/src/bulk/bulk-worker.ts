// The bulk order's Web Worker: parsing and checking 50,000 rows here keeps the page
// responsive. It answers each request by its id; long lists come and go in parts
// (bulk-worker-parts.ts).
import type { BulkWorkerRequest } from './bulk-worker-client';
import { PartCollector, type ListPart } from './bulk-worker-parts';
import { postBulkAnswer, withWholeList } from './bulk-worker-tasks';
import { warmUp } from './bulk-worker-warm-up';

const received = new PartCollector();
let asked = false;

self.onmessage = async (event: MessageEvent<BulkWorkerRequest | ListPart>) => {
  const message = event.data;
  asked = true;
  if (message.task === 'part') {
    received.add(message);
    return;
  }
  await postBulkAnswer(withWholeList(message, received), (reply) =>
    (self as unknown as Worker).postMessage(reply),
  );
};

warmUp(() => asked);
