import { supplierCodes, type DatabaseHandle } from '@boon/db';
import { openTestDatabase } from '@boon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSandboxSupplier,
  SANDBOX_FLAKY_MINOR,
  SANDBOX_REFUSED_MINOR,
  SupplierRefusal,
  type IssueOutcome,
} from './sandbox-supplier.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase('migrated');
});
afterAll(() => handle?.close());

const request = (key: string, faceValue = 2500n) => ({
  key,
  productCode: 'NORTHWIND-COFFEE-US',
  currency: 'USD',
  faceValue,
});
const codeOf = (outcome: IssueOutcome | undefined) =>
  outcome?.ok ? outcome.code.code : `not issued: ${String(outcome?.ok === false && outcome.error)}`;

describe('the sandbox supplier, several rewards in one call', () => {
  it('answers each request on its own: a code, a refusal, an outage the retry rides out', async () => {
    const supplier = createSandboxSupplier(handle.db);
    const asked = [
      request('item-ok'),
      request('item-refused', SANDBOX_REFUSED_MINOR),
      request('item-flaky', SANDBOX_FLAKY_MINOR),
    ];
    const first = await supplier.issueMany(asked);
    expect(first[0]).toMatchObject({ ok: true, code: { productCode: 'NORTHWIND-COFFEE-US' } });
    expect(first[1]).toMatchObject({ ok: false, error: expect.any(SupplierRefusal) });
    expect(first[2]).toMatchObject({ ok: false });
    expect(first[2]?.ok === false && first[2].error instanceof SupplierRefusal).toBe(false);

    const second = await supplier.issueMany(asked);
    // The same key gets the same code, never a second one.
    expect(codeOf(second[0])).toBe(codeOf(first[0]));
    expect(second[1]).toMatchObject({ ok: false, error: expect.any(SupplierRefusal) });
    expect(second[2]).toMatchObject({ ok: false });
    const third = await supplier.issueMany(asked);
    expect(third[2]).toMatchObject({ ok: true });
    expect(codeOf(third[0])).toBe(codeOf(first[0]));
  });

  it('issues one code per key when two calls race for the same rewards', async () => {
    const supplier = createSandboxSupplier(handle.db);
    const keys = Array.from({ length: 50 }, (_, n) => `race-${n}`);
    const [a, b] = await Promise.all([
      supplier.issueMany(keys.map((key) => request(key))),
      supplier.issueMany(keys.map((key) => request(key))),
    ]);
    expect(a!.map(codeOf)).toEqual(b!.map(codeOf));
    const rows = await handle.db.select({ key: supplierCodes.requestKey }).from(supplierCodes);
    expect(rows.filter((row) => row.key.startsWith('race-'))).toHaveLength(50);
  });

  it('answers in the order asked, whatever order the codes were stored in', async () => {
    const supplier = createSandboxSupplier(handle.db);
    await supplier.issueMany([request('order-b')]);
    const outcomes = await supplier.issueMany([request('order-a'), request('order-b')]);
    const [a, b] = outcomes.map((outcome) => (outcome.ok ? outcome.code : undefined));
    expect(await supplier.find(a!.reference)).toEqual(a);
    expect(await supplier.find(b!.reference)).toEqual(b);
    expect(codeOf(outcomes[1])).toBe(codeOf((await supplier.issueMany([request('order-b')]))[0]));
  });
});
