import { randomBytes, randomInt } from 'node:crypto';
import { eq, supplierCodes, type Database } from '@boon/db';

/** What ordering asks a supplier for: one reward, under a key that makes asking again safe. */
export interface IssueRequest {
  /** The same key always gets the same code (ordering uses the item's id). */
  key: string;
  productCode: string;
  currency: string;
  /** Minor units. */
  faceValue: bigint;
}

export interface IssuedCode {
  /** The supplier's reference for the code: what ordering keeps instead of the code. */
  reference: string;
  /** The product it was issued for (the first request's, when a key is asked again). */
  productCode: string;
  code: string;
  pin: string | null;
}

/** The supplier would not issue this reward, and asking again will not change that. */
export class SupplierRefusal extends Error {
  override name = 'SupplierRefusal';
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * A reward supplier (issue 13 §2): issues codes, idempotently by key, and shows an issued code
 * again by its reference. A refusal is a SupplierRefusal; anything else thrown is worth a retry.
 */
export interface RewardSupplier {
  issue(request: IssueRequest): Promise<IssuedCode>;
  find(reference: string): Promise<IssuedCode | undefined>;
}

/**
 * Sandbox faces, like the card processor's test cards: a reward of 13.13 (in any currency with
 * cents, 1313 minor units) is refused; one of 13.14 fails twice before it is issued (a supplier
 * outage the retry rides out).
 */
export const SANDBOX_REFUSED_MINOR = 1313n;
export const SANDBOX_FLAKY_MINOR = 1314n;

export interface SandboxSupplierOptions {
  /** Failures still to come per key, for the flaky face (kept in memory: a test's process). */
  flaky?: Map<string, number>;
}

/**
 * The embedded sandbox supplier: it issues made-up codes and keeps them in its own table, one per
 * request key, so a worker that dies after asking and asks again gets the same code, never a
 * second one.
 */
export function createSandboxSupplier(
  db: Database,
  { flaky = new Map() }: SandboxSupplierOptions = {},
): RewardSupplier {
  const toIssued = (row: typeof supplierCodes.$inferSelect): IssuedCode => ({
    reference: row.reference,
    productCode: row.productCode,
    code: row.code,
    pin: row.pin,
  });
  return {
    async issue(request) {
      const [existing] = await db
        .select()
        .from(supplierCodes)
        .where(eq(supplierCodes.requestKey, request.key))
        .limit(1);
      if (existing) return toIssued(existing);
      if (request.faceValue === SANDBOX_REFUSED_MINOR) {
        throw new SupplierRefusal('The supplier refused this reward (sandbox: a value of 13.13).');
      }
      if (request.faceValue === SANDBOX_FLAKY_MINOR) {
        const left = flaky.get(request.key) ?? 2;
        if (left > 0) {
          flaky.set(request.key, left - 1);
          throw new Error('The supplier did not answer (sandbox: a value of 13.14).');
        }
      }
      const code = Array.from({ length: 4 }, () =>
        randomBytes(3).toString('hex').toUpperCase().slice(0, 4),
      ).join('-');
      const [row] = await db
        .insert(supplierCodes)
        .values({
          requestKey: request.key,
          reference: `SUP-${randomBytes(10).toString('hex').toUpperCase()}`,
          productCode: request.productCode,
          currency: request.currency,
          faceValue: request.faceValue,
          code,
          pin: String(randomInt(1000, 10000)),
        })
        .onConflictDoNothing()
        .returning();
      if (row) return toIssued(row);
      // Another request under the key won the race: its code is the one.
      const [winner] = await db
        .select()
        .from(supplierCodes)
        .where(eq(supplierCodes.requestKey, request.key))
        .limit(1);
      if (!winner) throw new Error('The supplier lost a code it issued');
      return toIssued(winner);
    },
    async find(reference) {
      const [row] = await db
        .select()
        .from(supplierCodes)
        .where(eq(supplierCodes.reference, reference))
        .limit(1);
      return row ? toIssued(row) : undefined;
    },
  };
}
