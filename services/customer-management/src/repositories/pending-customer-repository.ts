import { AppError, decodeKeysetCursor, encodeKeysetCursor } from '@boon/service-kit';
import {
  companySizeSchema,
  rewardNeedSchema,
  useCaseSchema,
  type PendingCustomer,
  type PendingCustomerApplication,
  type PendingCustomerStatus,
} from '@boon/contracts';
import { and, asc, customers, eq, pendingCustomers, sql, users, type Database } from '@boon/db';

export type PendingCustomerRow = typeof pendingCustomers.$inferSelect;

/** Where a page ends: the last item's name and id, the keys the list is ordered by. */
export interface PendingCustomerCursor {
  companyName: string;
  id: string;
}

/** The opaque cursor of the last item's name and id. */
export function encodePendingCustomerCursor(cursor: PendingCustomerCursor): string {
  return encodeKeysetCursor([cursor.companyName, cursor.id]);
}

/** The cursor's name and id, or undefined when it isn't one of ours. */
export function decodePendingCustomerCursor(text: string): PendingCustomerCursor | undefined {
  const keys = decodeKeysetCursor(text, 2);
  return keys ? { companyName: keys[0]!, id: keys[1]! } : undefined;
}

const selection = {
  row: pendingCustomers,
  requesterEmail: users.email,
};

type Selected = { row: PendingCustomerRow; requesterEmail: string };

/**
 * The requester's answers as stored. The columns are plain text; a value no longer among the
 * options (a renamed one) reads as not given rather than failing the whole list.
 */
function toApplication(row: PendingCustomerRow): PendingCustomerApplication {
  return {
    country: row.country,
    companySize: companySizeSchema.safeParse(row.companySize).data ?? null,
    website: row.website,
    rewardNeed: rewardNeedSchema.safeParse(row.rewardNeed).data ?? null,
    useCases: row.useCases.flatMap((useCase) => useCaseSchema.safeParse(useCase).data ?? []),
  };
}

export function toPendingCustomer({ row, requesterEmail }: Selected): PendingCustomer {
  return {
    pendingCustomerId: row.id,
    companyName: row.companyName,
    domain: row.domain,
    requestedBy: { userId: row.requestedByUserId, emailAddress: requesterEmail },
    approvalStatus: row.approvalStatus,
    onboardingTaskState: row.onboardingTaskState,
    application: toApplication(row),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface PendingCustomerListOptions {
  status?: PendingCustomerStatus | undefined;
  nameBeginsWith?: string | undefined;
  after?: PendingCustomerCursor | undefined;
  limit: number;
}

/** One page ordered by company name (case-insensitively) then id, and whether more follow. */
export async function listPendingCustomers(
  db: Database,
  { status, nameBeginsWith, after, limit }: PendingCustomerListOptions,
): Promise<{ items: Selected[]; more: boolean }> {
  const conditions = [
    status ? eq(pendingCustomers.approvalStatus, status) : undefined,
    nameBeginsWith
      ? sql`starts_with(lower(${pendingCustomers.companyName}), lower(${nameBeginsWith}))`
      : undefined,
    after
      ? sql`(lower(${pendingCustomers.companyName}), ${pendingCustomers.id}) > (lower(${after.companyName}), ${after.id})`
      : undefined,
  ];
  const rows = await db
    .select(selection)
    .from(pendingCustomers)
    .innerJoin(users, eq(users.id, pendingCustomers.requestedByUserId))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${pendingCustomers.companyName})`), asc(pendingCustomers.id))
    .limit(limit + 1);
  return { items: rows.slice(0, limit), more: rows.length > limit };
}

/** One pending customer with its requester's e-mail, locked for the transaction's change. */
export async function lockPendingCustomer(tx: Database, id: string): Promise<Selected | undefined> {
  const [found] = await tx
    .select(selection)
    .from(pendingCustomers)
    .innerJoin(users, eq(users.id, pendingCustomers.requestedByUserId))
    .where(eq(pendingCustomers.id, id))
    .for('update', { of: pendingCustomers });
  return found;
}

/** The unique indexes that keep one customer, and one open request, per company domain. */
export const DOMAIN_UNIQUE_INDEXES = [
  'customers_domain_lower_idx',
  'pending_customers_open_domain_idx',
] as const;

/**
 * Whether `error` (or an error it wraps: drizzle wraps the driver's) is PostgreSQL's unique
 * violation (23505) on one of `constraints`. PGlite and pg both report the index's name.
 */
export function isUniqueViolation(error: unknown, constraints: readonly string[]): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, constraint, cause } = current as {
      code?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (code === '23505' && typeof constraint === 'string') {
      return constraints.includes(constraint);
    }
    current = cause;
  }
  return false;
}

/** Whether a customer already has `domain` (case-insensitively). */
export async function customerHasDomain(tx: Database, domain: string): Promise<boolean> {
  const [taken] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(sql`lower(${customers.domain})`, domain.toLowerCase()))
    .limit(1);
  return taken !== undefined;
}

/**
 * Runs `work`, turning a refusal by one of the domain's unique indexes into 409: a request or
 * customer for the domain committed between our check and our insert.
 */
export async function refusingTakenDomain<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error: unknown) {
    if (isUniqueViolation(error, DOMAIN_UNIQUE_INDEXES)) {
      throw new AppError('customer_with_domain_exists');
    }
    throw error;
  }
}
