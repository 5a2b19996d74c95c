import { describe, expect, it } from 'vitest';
import { inLockOrder } from './order-ledger.js';

describe("a bulk batch's holds", () => {
  it('go by the account they credit, in id order, each account keeping the order given', () => {
    const holds = [
      { id: 'usd-1', creditAccountId: 'supplier_payable:USD' },
      { id: 'eur-1', creditAccountId: 'supplier_payable:EUR' },
      { id: 'fx-1', creditAccountId: 'fx_pool:GBP' },
      { id: 'usd-2', creditAccountId: 'supplier_payable:USD' },
      { id: 'eur-2', creditAccountId: 'supplier_payable:EUR' },
    ];
    expect(inLockOrder(holds).map((hold) => hold.id)).toEqual([
      'fx-1',
      'eur-1',
      'eur-2',
      'usd-1',
      'usd-2',
    ]);
    // The caller's list is left as it was.
    expect(holds[0]?.id).toBe('usd-1');
  });
});
