import { auditLog, type Database } from '@boon/db';

/** One change a user made, for the audit_log: who, for which customer, what, on what. */
export interface AuditEntry {
  /** The user who made the change; null for the system's own background work. */
  actorUserId: string | null;
  /** The customer the request acted for (x-customer-id), if any. */
  customerId: string | null | undefined;
  /** A stable dotted name, e.g. `user.options.update`. */
  action: string;
  /** The id of what was changed. */
  target: string;
  details?: Record<string, unknown>;
}

/**
 * Appends an audit_log row. Pass the transaction that makes the change, so the change and its
 * record are written together or not at all.
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    customerId: entry.customerId ?? null,
    action: entry.action,
    target: entry.target,
    details: entry.details ?? null,
  });
}
