import { describe, expect, it } from 'vitest';
import { emailOrder } from '../testing';
import { ordersCsv } from './order-csv';

describe('ordersCsv', () => {
  it('says which balance paid each order, and what it paid', () => {
    const paidInGbp = {
      ...emailOrder,
      orderId: 'OR-FX000001',
      payment: {
        currency: 'GBP',
        rate: '1.259493671',
        exchanged: '38.52',
        fee: '0.10',
        total: '38.62',
      },
    };
    const [header, own, exchanged] = ordersCsv([emailOrder, paidInGbp]).trimEnd().split(/\r?\n/);
    expect(header).toMatch(/,Total,Paid from,FX rate,FX fee,Paid$/);
    expect(own).toMatch(/,48\.50,USD,,,48\.50$/);
    expect(exchanged).toMatch(/^OR-FX000001,.*,48\.50,GBP,1\.259493671,0\.10,38\.62$/);
  });

  it('escapes a description that reads as a formula', () => {
    const csv = ordersCsv([{ ...emailOrder, description: '=HYPERLINK("http://x")' }]);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
  });
});
