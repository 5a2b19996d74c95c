import { randomBytes, randomInt } from 'node:crypto';
import { eq, inArray, supplierCodes, type Database } from '@boon/db';

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
 * A reward supplier: issues codes, idempotently by key, and shows an issued code
 * again by its reference. A refusal is a SupplierRefusal; anything else thrown is worth a retry.
 */
export interface RewardSupplier {
  issue(request: IssueRequest): Promise<IssuedCode>;
  /**
   * Several rewards in one call (a supplier's bulk order), each with its own outcome, in the
   * requests' order: one refused or unanswered never holds back the others.
   */
  issueMany(requests: readonly IssueRequest[]): Promise<IssueOutcome[]>;
  find(reference: string): Promise<IssuedCode | undefined>;
}

export type IssueOutcome = { ok: true; code: IssuedCode } | { ok: false; error: unknown };

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
  const byKey = async (keys: readonly string[]) => {
    const rows =
      keys.length === 0
        ? []
        : await db
            .select()
            .from(supplierCodes)
            .where(inArray(supplierCodes.requestKey, [...keys]));
    return new Map(rows.map((row) => [row.requestKey, toIssued(row)]));
  };
  const newCode = () =>
    Array.from({ length: 4 }, () => randomBytes(3).toString('hex').toUpperCase().slice(0, 4)).join(
      '-',
    );
  /** The sandbox faces' outcomes: a refusal, or a failure the flaky face still owes. */
  const sandboxFailure = (request: IssueRequest): unknown => {
    if (request.faceValue === SANDBOX_REFUSED_MINOR) {
      return new SupplierRefusal('The supplier refused this reward (sandbox: a value of 13.13).');
    }
    if (request.faceValue === SANDBOX_FLAKY_MINOR) {
      const left = flaky.get(request.key) ?? 2;
      if (left > 0) {
        flaky.set(request.key, left - 1);
        return new Error('The supplier did not answer (sandbox: a value of 13.14).');
      }
    }
    return undefined;
  };

  const issueMany: RewardSupplier['issueMany'] = async (requests) => {
    // Codes already issued under these keys are the ones: asking again never makes a second.
    const issued = await byKey(requests.map((request) => request.key));
    const failures = new Map<string, unknown>();
    const fresh = new Map<string, IssueRequest>();
    for (const request of requests) {
      if (issued.has(request.key) || fresh.has(request.key)) continue;
      const failure = sandboxFailure(request);
      if (failure) failures.set(request.key, failure);
      else fresh.set(request.key, request);
    }
    if (fresh.size > 0) {
      const rows = await db
        .insert(supplierCodes)
        .values(
          [...fresh.values()].map((request) => ({
            requestKey: request.key,
            reference: `SUP-${randomBytes(10).toString('hex').toUpperCase()}`,
            productCode: request.productCode,
            currency: request.currency,
            faceValue: request.faceValue,
            code: newCode(),
            pin: String(randomInt(1000, 10000)),
          })),
        )
        .onConflictDoNothing()
        .returning();
      for (const row of rows) issued.set(row.requestKey, toIssued(row));
      // Keys another request won meanwhile: its codes are the ones.
      const lost = [...fresh.keys()].filter((key) => !issued.has(key));
      for (const [key, code] of await byKey(lost)) issued.set(key, code);
    }
    return requests.map((request): IssueOutcome => {
      const code = issued.get(request.key);
      if (code) return { ok: true, code };
      return {
        ok: false,
        error: failures.get(request.key) ?? new Error('The supplier lost a code it issued'),
      };
    });
  };

  return {
    async issue(request) {
      const [outcome] = await issueMany([request]);
      if (!outcome) throw new Error('The supplier gave no answer');
      if (!outcome.ok) throw outcome.error;
      return outcome.code;
    },
    issueMany,
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
