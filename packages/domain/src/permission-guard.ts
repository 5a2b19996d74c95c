import type { Permission } from '@boon/contracts';

/** A list of permissions and how they combine (spec 3, route metadata; 6, menu guards). */
export interface PermissionGuard {
  permissions: readonly Permission[];
  /** AND (the default) needs all of them; OR needs any. */
  guardAction?: 'AND' | 'OR';
}

export function holdsPermissionGuard(
  held: readonly Permission[],
  guard: PermissionGuard | undefined,
): boolean {
  if (!guard || guard.permissions.length === 0) return true;
  const has = (permission: Permission) => held.includes(permission);
  return guard.guardAction === 'OR' ? guard.permissions.some(has) : guard.permissions.every(has);
}
