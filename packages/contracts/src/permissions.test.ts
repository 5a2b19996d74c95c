import { describe, expect, it } from 'vitest';
import { permissions, permissionsForRoles, roles, rolesMatrix } from './permission-values.js';

// decisions.md, row by row: the roles that hold each permission.
const table: Record<string, string[]> = {
  'read:orders': [
    'owner',
    'admin',
    'finance_manager',
    'service_manager',
    'service_agent',
    'viewer',
  ],
  'write:orders': ['owner', 'admin'],
  'cancel:orders': ['owner', 'admin', 'finance_manager', 'service_manager', 'service_agent'],
  'read:products': [
    'owner',
    'admin',
    'finance_manager',
    'service_manager',
    'service_agent',
    'viewer',
  ],
  'read:product_approvals': ['owner', 'admin', 'service_manager'],
  'write:product_approvals': ['owner', 'admin', 'service_manager'],
  'read:billing': ['owner', 'admin', 'finance_manager', 'service_manager', 'viewer'],
  'write:top_up_by_bank': ['owner', 'admin'],
  'write:top_up_by_card': ['owner', 'admin'],
  'write:top_up_by_fx': ['owner', 'admin', 'finance_manager', 'service_manager'],
  'read:activity_history': [
    'owner',
    'admin',
    'finance_manager',
    'service_manager',
    'service_agent',
    'viewer',
  ],
  'download:activity_history': ['owner', 'admin', 'finance_manager', 'service_manager'],
  'read:statements': ['owner', 'admin', 'finance_manager', 'service_manager'],
  'download:statements': ['owner', 'admin', 'finance_manager', 'service_manager'],
  'read:payment_cards': ['owner', 'admin', 'finance_manager'],
  'write:payment_cards': ['owner', 'admin', 'finance_manager'],
  'delete:payment_cards': ['owner', 'admin'],
  'read:team_members': ['owner', 'admin', 'finance_manager', 'service_manager', 'viewer'],
  'write:team_members': ['owner', 'admin'],
  'delete:team_members': ['owner', 'admin'],
  'read:api_keys': ['owner', 'admin'],
  'write:api_keys': ['owner', 'admin'],
  'revoke:api_keys': ['owner', 'admin'],
  'read:webhooks': ['owner', 'admin'],
  'write:webhooks': ['owner', 'admin'],
  'delete:webhooks': ['owner', 'admin'],
};

describe('roles matrix (decisions.md)', () => {
  it('covers every permission of the spec', () => {
    expect(Object.keys(rolesMatrix).sort()).toEqual([...permissions].sort());
    expect(Object.keys(table).sort()).toEqual([...permissions].sort());
  });

  it.each(permissions.map((p) => [p]))('%s is held by exactly the decided roles', (permission) => {
    const holders = roles.filter((role) => rolesMatrix[permission][role]);
    expect(holders).toEqual(table[permission]);
  });

  it('grants the union of several roles once each, in spec order', () => {
    expect(permissionsForRoles(['service_agent', 'viewer'])).toEqual(
      permissions.filter(
        (p) => table[p]?.includes('service_agent') || table[p]?.includes('viewer'),
      ),
    );
    expect(permissionsForRoles([])).toEqual([]);
  });
});
