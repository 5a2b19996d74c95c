import {
  permissions,
  roleLabels,
  roles,
  rolesMatrix,
  type AssignableRole,
  type Permission,
  type Role,
} from '@boon/contracts';

/** How the team screens name each role: the contracts' one list of names. */
export { roleLabels };

/** One line per role, from spec 6's role descriptions. */
export const roleDescriptions: Readonly<Record<Role, string>> = {
  owner: 'Makes decisions on and alters the account; cannot be removed by others.',
  admin: 'Full access; can add or remove team members.',
  finance_manager:
    'Downloads history and statements, makes FX transfers, edits card details, and views and cancels orders.',
  service_manager:
    'Views merchants and applies for new ones, views and cancels orders, and downloads history and statements.',
  service_agent: 'Sees transaction history and merchants, and views and cancels orders.',
  viewer: 'View-only for orders, merchants, balances, transactions and team members.',
};

/** The roles an inviter can hand out, in the roles' order (there is one owner per customer). */
export const assignableRoles: readonly AssignableRole[] = roles.filter(
  (role): role is AssignableRole => role !== 'owner',
);

export function isAssignableRole(role: Role): role is AssignableRole {
  return role !== 'owner';
}

/** A member's or invite's roles as the screens list them: "Admin, Viewer". */
export function roleList(held: readonly Role[]): string {
  return held.map((role) => roleLabels[role]).join(', ');
}

/** What each permission lets a team member do, for the roles matrix. */
export const permissionLabels: Readonly<Record<Permission, string>> = {
  'read:orders': 'View orders',
  'write:orders': 'Create orders',
  'cancel:orders': 'Cancel orders',
  'read:products': 'View merchants',
  'read:product_approvals': 'View merchant approvals',
  'write:product_approvals': 'Apply for new merchants',
  'read:billing': 'View balances',
  'write:top_up_by_bank': 'Add funds by bank transfer',
  'write:top_up_by_card': 'Add funds by card',
  'write:top_up_by_fx': 'Make FX transfers',
  'read:activity_history': 'View transactions',
  'download:activity_history': 'Download transaction history',
  'read:payment_cards': 'View stored cards',
  'write:payment_cards': 'Add and edit stored cards',
  'delete:payment_cards': 'Delete stored cards',
  'read:statements': 'View statements',
  'download:statements': 'Download statements',
  'read:team_members': 'View team members',
  'write:team_members': 'Invite team members and change their roles',
  'delete:team_members': 'Remove team members and revoke invites',
  'read:api_keys': 'View API keys',
  'write:api_keys': 'Create API keys',
  'revoke:api_keys': 'Revoke API keys',
  'read:webhooks': 'View webhooks',
  'write:webhooks': 'Create and edit webhooks',
  'delete:webhooks': 'Delete webhooks',
};

/** One row of the roles matrix: a permission and whether each role holds it. */
export interface RolesMatrixRow {
  permission: Permission;
  label: string;
  holders: Readonly<Record<Role, boolean>>;
}

/** The roles matrix (decisions.md, as the server enforces it) in the spec's permission order. */
export const rolesMatrixRows: readonly RolesMatrixRow[] = permissions.map((permission) => ({
  permission,
  label: permissionLabels[permission],
  holders: rolesMatrix[permission],
}));
