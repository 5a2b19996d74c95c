// No zod here: the console's screens that only show roles and permissions (Team's list, the roles
// matrix) read these without loading zod; the schemas (permissions.ts) are built from them.

/** Spec section 6, in the spec's order. */
export const permissions = [
  'read:orders',
  'write:orders',
  'cancel:orders',
  'read:products',
  'read:product_approvals',
  'write:product_approvals',
  'read:billing',
  'write:top_up_by_bank',
  'write:top_up_by_card',
  'write:top_up_by_fx',
  'read:activity_history',
  'download:activity_history',
  'read:payment_cards',
  'write:payment_cards',
  'delete:payment_cards',
  'read:statements',
  'download:statements',
  'read:team_members',
  'write:team_members',
  'delete:team_members',
  'read:api_keys',
  'write:api_keys',
  'revoke:api_keys',
  'read:webhooks',
  'write:webhooks',
  'delete:webhooks',
] as const;
export type Permission = (typeof permissions)[number];

export const roles = [
  'owner',
  'admin',
  'finance_manager',
  'service_manager',
  'service_agent',
  'viewer',
] as const;
export type Role = (typeof roles)[number];

type RoleColumn = Readonly<Record<Role, boolean>>;
const row = (
  owner: 0 | 1,
  admin: 0 | 1,
  finance_manager: 0 | 1,
  service_manager: 0 | 1,
  service_agent: 0 | 1,
  viewer: 0 | 1,
): RoleColumn => ({
  owner: !!owner,
  admin: !!admin,
  finance_manager: !!finance_manager,
  service_manager: !!service_manager,
  service_agent: !!service_agent,
  viewer: !!viewer,
});

/** The roles matrix of decisions.md, one row a permission, columns in the table's order. */
export const rolesMatrix = {
  'read:orders': row(1, 1, 1, 1, 1, 1),
  'write:orders': row(1, 1, 0, 0, 0, 0),
  'cancel:orders': row(1, 1, 1, 1, 1, 0),
  'read:products': row(1, 1, 1, 1, 1, 1),
  'read:product_approvals': row(1, 1, 0, 1, 0, 0),
  'write:product_approvals': row(1, 1, 0, 1, 0, 0),
  'read:billing': row(1, 1, 1, 1, 0, 1),
  'write:top_up_by_bank': row(1, 1, 0, 0, 0, 0),
  'write:top_up_by_card': row(1, 1, 0, 0, 0, 0),
  'write:top_up_by_fx': row(1, 1, 1, 1, 0, 0),
  'read:activity_history': row(1, 1, 1, 1, 1, 1),
  'download:activity_history': row(1, 1, 1, 1, 0, 0),
  'read:statements': row(1, 1, 1, 1, 0, 0),
  'download:statements': row(1, 1, 1, 1, 0, 0),
  'read:payment_cards': row(1, 1, 1, 0, 0, 0),
  'write:payment_cards': row(1, 1, 1, 0, 0, 0),
  'delete:payment_cards': row(1, 1, 0, 0, 0, 0),
  'read:team_members': row(1, 1, 1, 1, 0, 1),
  'write:team_members': row(1, 1, 0, 0, 0, 0),
  'delete:team_members': row(1, 1, 0, 0, 0, 0),
  'read:api_keys': row(1, 1, 0, 0, 0, 0),
  'write:api_keys': row(1, 1, 0, 0, 0, 0),
  'revoke:api_keys': row(1, 1, 0, 0, 0, 0),
  'read:webhooks': row(1, 1, 0, 0, 0, 0),
  'write:webhooks': row(1, 1, 0, 0, 0, 0),
  'delete:webhooks': row(1, 1, 0, 0, 0, 0),
} as const satisfies Record<Permission, RoleColumn>;

/** The permissions a set of roles grants, in the spec's order, without repeats. */
export function permissionsForRoles(held: readonly Role[]): Permission[] {
  return permissions.filter((permission) => held.some((role) => rolesMatrix[permission][role]));
}
