import type { ProductSummary } from '@boon/contracts';
import { checkBulkFile, parseBulkCsv } from './bulk-file';
import type { BulkDefaults, BulkFacts } from './bulk-row-check';

/** Rows enough for the engine to compile the checks' code, not so many that it takes long. */
const WARM_UP_ROWS = 3_000;

const product: ProductSummary = {
  productCode: 'WARM-UP-US',
  name: 'Warm-up',
  logoUrl: '/logos/warm-up.svg',
  categories: [],
  countries: ['US'],
  currency: 'USD',
  denominations: { type: 'fixed', values: ['10.00', '25.00'] },
  discountPercent: '0',
  redeemable: { online: true, inStore: false },
  state: 'LIVE',
};
const WARM_UP_MAPPING = ['name', 'email', 'faceValue', 'productCode'] as const;
const defaults: BulkDefaults = {
  message: { header: 'Thank you', body: 'Enjoy', colour: '#1d4ed8' },
};
const facts: BulkFacts = {
  products: new Map([[product.productCode, product]]),
  balances: ['USD'],
  fx: false,
  timeZone: 'UTC',
};

/** Rows warmed up at a time: a request that arrives meanwhile waits for one batch at most. */
const BATCH_ROWS = 250;

/**
 * Reads and checks made-up rows, and throws the result away. A new worker runs its code slowly
 * until the engine has compiled it: the first parts of a 50,000-row check took five to ten times
 * as long as the later ones. Done as the worker starts, while the person picks a file and matches
 * its columns, the first file is checked at full speed. Rows that pass and rows with problems,
 * so both ways through the check are compiled. In batches, each a task of its own, and it stops
 * for good once `stopped` says a request has come: the request is what the warm-up is for.
 */
export function warmUp(stopped: () => boolean): void {
  const rows = warmUpRows();
  const batch = (start: number) => {
    if (stopped() || start >= rows.length) return;
    try {
      checkBulkFile(rows.slice(start, start + BATCH_ROWS), WARM_UP_MAPPING, defaults, facts);
    } catch {
      // Only a head start: whatever broke here, the requests meet and report themselves.
      return;
    }
    setTimeout(() => batch(start + BATCH_ROWS), 0);
  };
  batch(0);
}

/** The made-up rows, read from CSV text as a file's are: most pass, some have each problem. */
export function warmUpRows(): string[][] {
  const lines = ['Recipient name,Recipient email,Amount,Merchant code'];
  for (let n = 0; n < WARM_UP_ROWS; n += 1) {
    const amount = n % 7 === 0 ? '12' : n % 11 === 0 ? 'ten' : '10';
    const email = n % 13 === 0 ? `warm-up-${n}` : `warm-up-${n}@example.com`;
    lines.push(`Person ${n},${email},${amount},${n % 17 === 0 ? 'NOPE-US' : product.productCode}`);
  }
  const parsed = parseBulkCsv(lines.join('\r\n'));
  return parsed.ok ? parsed.rows : [];
}

/** What the warm-up checks its rows with, for its test. */
export const warmUpFacts = { mapping: WARM_UP_MAPPING, defaults, facts };
