import { permissionsForRoles, type Permission, type Role } from '@boon/contracts';
import { describe, expect, it } from 'vitest';
import { featureToggleDefaults, type FeatureToggles } from './feature-toggles.js';
import {
  createRewardButtonState,
  visibleSidebarEntries,
  type CreateRewardContext,
  type SidebarContext,
  type SidebarEntry,
} from './sidebar.js';

const all = (roles: Role[]) => permissionsForRoles(roles);

function ctx(overrides: Partial<SidebarContext> = {}): SidebarContext {
  return {
    isStaff: false,
    customerId: 'C-ACME0001',
    featureToggles: { ...featureToggleDefaults },
    permissions: all(['owner']),
    playgroundMode: false,
    customer: { balancesEnabled: true, fxEnabled: true },
    ...overrides,
  };
}

function names(entries: SidebarEntry[]): string[] {
  return entries.flatMap((entry) => [
    entry.routeName,
    ...(entry.children ?? []).map((child) => `${entry.routeName}/${child.routeName}`),
  ]);
}

const toggles = (overrides: Partial<FeatureToggles>): FeatureToggles => ({
  ...featureToggleDefaults,
  ...overrides,
});

describe('visibleSidebarEntries: the whole sidebar per user', () => {
  it('shows an owner of a customer with balances and fx every customer entry', () => {
    expect(names(visibleSidebarEntries(ctx()))).toEqual([
      'home',
      'network',
      'network/product-catalog-home',
      'network/product-approval-home',
      'orders',
      'billing',
      'billing/billing-home',
      'billing/statements-home',
      'billing/transactions-home',
      'billing/currency-exchange',
      'billing/stored-cards',
      'team-members',
      'api-keys',
      'customization',
      'customization/user-redemption-home',
      'customization/payout-selection-home',
      'user-settings',
      'help',
    ]);
  });

  it('shows a viewer what the matrix lets it read', () => {
    expect(names(visibleSidebarEntries(ctx({ permissions: all(['viewer']) })))).toEqual([
      'home',
      'network',
      'network/product-catalog-home',
      'orders',
      'billing',
      'billing/billing-home',
      'billing/transactions-home',
      'team-members',
      'customization',
      'customization/user-redemption-home',
      'customization/payout-selection-home',
      'user-settings',
      'help',
    ]);
  });

  it('shows a service agent merchants, orders and transactions, no team', () => {
    expect(names(visibleSidebarEntries(ctx({ permissions: all(['service_agent']) })))).toEqual([
      'home',
      'network',
      'network/product-catalog-home',
      'orders',
      'billing',
      'billing/transactions-home',
      'customization',
      'customization/user-redemption-home',
      'customization/payout-selection-home',
      'user-settings',
      'help',
    ]);
  });

  it('shows staff without a customer the staff entries, and debug/design only with their toggles', () => {
    const staff = ctx({ isStaff: true, customerId: null, permissions: [], customer: null });
    expect(names(visibleSidebarEntries(staff))).toEqual([
      'home',
      'pending-customers',
      'staff-top-ups',
      'debug-mailbox',
      'customization',
      'customization/user-redemption-home',
      'customization/payout-selection-home',
      'user-settings',
      'help',
    ]);
    const withViews = {
      ...staff,
      featureToggles: toggles({ debugViews: true, designViews: true }),
    };
    expect(names(visibleSidebarEntries(withViews))).toEqual([
      'home',
      'pending-customers',
      'staff-top-ups',
      'debug-mailbox',
      'debug',
      'design',
      'design/debug-component-library',
      'design/debug-theme',
      'customization',
      'customization/user-redemption-home',
      'customization/payout-selection-home',
      'user-settings',
      'help',
    ]);
  });

  it('shows a playground owner only the entries allowed in playground, children following them', () => {
    expect(
      names(
        visibleSidebarEntries(
          ctx({
            customerId: 'C-NEWCO001',
            playgroundMode: true,
            customer: { balancesEnabled: false, fxEnabled: false },
          }),
        ),
      ),
    ).toEqual([
      'home',
      'network',
      'network/product-catalog-home',
      'network/product-approval-home',
      'api-keys',
      'customization',
      'customization/user-redemption-home',
      'customization/payout-selection-home',
      'help',
    ]);
  });

  it('shows Globex the Shop and no Order history; no FX without fx', () => {
    const globex = ctx({
      customerId: 'C-GLOBEX01',
      customer: { balancesEnabled: true, fxEnabled: false },
    });
    const shown = names(visibleSidebarEntries(globex));
    expect(shown).toContain('shop');
    expect(shown).not.toContain('orders');
    expect(shown).not.toContain('billing/currency-exchange');
    expect(shown).toContain('billing/billing-home');
  });
});

/** One row per line of spec 2.1: the entry, a context that shows it and one per rule hiding it. */
const rows: {
  row: string;
  path: string;
  shownWith: Partial<SidebarContext>;
  hiddenWith: [string, Partial<SidebarContext>][];
}[] = [
  {
    row: 'home: always; allowed in playground',
    path: 'home',
    shownWith: { permissions: [], playgroundMode: true, customerId: null, customer: null },
    hiddenWith: [],
  },
  {
    row: 'network: allowed in playground; read:products or read:product_approvals',
    path: 'network',
    shownWith: { permissions: ['read:product_approvals'], playgroundMode: true },
    hiddenWith: [['neither permission', { permissions: ['read:orders'] }]],
  },
  {
    row: 'product-catalog-home: child of network; read:products',
    path: 'network/product-catalog-home',
    shownWith: { permissions: ['read:products'] },
    hiddenWith: [['no read:products', { permissions: ['read:product_approvals'] }]],
  },
  {
    row: 'product-approval-home: child of network; read:product_approvals',
    path: 'network/product-approval-home',
    shownWith: { permissions: ['read:product_approvals'] },
    hiddenWith: [['no read:product_approvals', { permissions: ['read:products'] }]],
  },
  {
    row: 'orders: read:orders; hidden for one specific customer',
    path: 'orders',
    shownWith: { permissions: ['read:orders'] },
    hiddenWith: [
      ['no read:orders', { permissions: ['read:products'] }],
      ['the Shop customer', { customerId: 'C-GLOBEX01' }],
      ['playground', { playgroundMode: true }],
    ],
  },
  {
    row: 'billing: any of read:billing, read:statements, read:activity_history, write:top_up_by_fx',
    path: 'billing',
    shownWith: { permissions: ['read:statements'] },
    hiddenWith: [
      ['none of them', { permissions: ['read:orders'] }],
      [
        'no balances (all children need them)',
        { customer: { balancesEnabled: false, fxEnabled: true } },
      ],
    ],
  },
  {
    row: 'billing-home: child of billing; read:billing; balances enabled',
    path: 'billing/billing-home',
    shownWith: { permissions: ['read:billing'] },
    hiddenWith: [
      ['no read:billing', { permissions: ['read:statements'] }],
      ['balances off', { customer: { balancesEnabled: false, fxEnabled: false } }],
    ],
  },
  {
    row: 'statements-home: child of billing; read:statements',
    path: 'billing/statements-home',
    shownWith: { permissions: ['read:statements'] },
    hiddenWith: [['no read:statements', { permissions: ['read:billing'] }]],
  },
  {
    row: 'transactions-home: child of billing; read:activity_history',
    path: 'billing/transactions-home',
    shownWith: { permissions: ['read:activity_history'] },
    hiddenWith: [['no read:activity_history', { permissions: ['read:billing'] }]],
  },
  {
    row: 'currency-exchange: write:top_up_by_fx; balances and fx enabled',
    path: 'billing/currency-exchange',
    shownWith: { permissions: ['write:top_up_by_fx'] },
    hiddenWith: [
      ['no write:top_up_by_fx', { permissions: ['read:billing'] }],
      ['fx off', { customer: { balancesEnabled: true, fxEnabled: false } }],
      ['balances off', { customer: { balancesEnabled: false, fxEnabled: true } }],
    ],
  },
  {
    row: 'stored-cards: read:payment_cards; non-staff only',
    path: 'billing/stored-cards',
    shownWith: { permissions: ['read:billing', 'read:payment_cards'] },
    hiddenWith: [
      ['no read:payment_cards', { permissions: ['read:billing'] }],
      ['staff', { isStaff: true, permissions: ['read:billing', 'read:payment_cards'] }],
    ],
  },
  {
    row: 'shop: non-staff only; only for one specific customer',
    path: 'shop',
    shownWith: { customerId: 'C-GLOBEX01', permissions: [] },
    hiddenWith: [
      ['another customer', { customerId: 'C-ACME0001' }],
      ['no customer', { customerId: null }],
      ['staff', { isStaff: true, customerId: 'C-GLOBEX01' }],
    ],
  },
  {
    row: 'team-members: read:team_members',
    path: 'team-members',
    shownWith: { permissions: ['read:team_members'] },
    hiddenWith: [['no read:team_members', { permissions: ['read:orders'] }]],
  },
  {
    row: 'api-keys: read:api_keys; non-staff only; allowed in playground',
    path: 'api-keys',
    shownWith: { permissions: ['read:api_keys'], playgroundMode: true },
    hiddenWith: [
      ['no read:api_keys', { permissions: ['read:orders'] }],
      ['staff', { isStaff: true }],
    ],
  },
  {
    row: 'pending-customers: staff only; staffViews toggle',
    path: 'pending-customers',
    shownWith: { isStaff: true },
    hiddenWith: [
      ['not staff', { isStaff: false }],
      ['staffViews off', { isStaff: true, featureToggles: toggles({ staffViews: false }) }],
    ],
  },
  {
    row: 'debug-mailbox: staff only, no toggle, like its route',
    path: 'debug-mailbox',
    shownWith: { isStaff: true, featureToggles: toggles({ staffViews: false }) },
    hiddenWith: [['not staff', { isStaff: false }]],
  },
  {
    row: 'debug: staff only; debugViews toggle',
    path: 'debug',
    shownWith: { isStaff: true, featureToggles: toggles({ debugViews: true }) },
    hiddenWith: [
      ['not staff', { isStaff: false }],
      ['debugViews off (the default)', { featureToggles: { ...featureToggleDefaults } }],
    ],
  },
  {
    row: 'debug-component-library, debug-theme: staff only; designViews toggle',
    path: 'design/debug-theme',
    shownWith: { isStaff: true, featureToggles: toggles({ designViews: true }) },
    hiddenWith: [
      ['not staff', { isStaff: false }],
      ['designViews off (the default)', { featureToggles: { ...featureToggleDefaults } }],
    ],
  },
  {
    row: 'customization: customization toggle; allowed in playground',
    path: 'customization/payout-selection-home',
    shownWith: { playgroundMode: true },
    hiddenWith: [['customization off', { featureToggles: toggles({ customization: false }) }]],
  },
  {
    row: 'user-settings: userSettings toggle',
    path: 'user-settings',
    shownWith: {},
    hiddenWith: [
      ['userSettings off', { featureToggles: toggles({ userSettings: false }) }],
      ['playground', { playgroundMode: true }],
    ],
  },
  {
    row: 'help: allowed in playground',
    path: 'help',
    shownWith: { playgroundMode: true, permissions: [] },
    hiddenWith: [],
  },
];

describe('visibleSidebarEntries: every row of spec 2.1', () => {
  for (const { row, path, shownWith, hiddenWith } of rows) {
    it(`${row}: shown`, () => {
      expect(names(visibleSidebarEntries(ctx(shownWith)))).toContain(path);
    });
    for (const [why, context] of hiddenWith) {
      it(`${row}: hidden with ${why}`, () => {
        expect(names(visibleSidebarEntries(ctx({ ...shownWith, ...context })))).not.toContain(path);
      });
    }
  }

  it('hides entries whose screens are not in this build, and a parent left without children', () => {
    const available = new Set(['home', 'help', 'billing-home']);
    const shown = names(visibleSidebarEntries(ctx(), undefined, (name) => available.has(name)));
    expect(shown).toEqual(['home', 'billing', 'billing/billing-home', 'help']);
  });

  it('reads the deny list only once a customer is chosen, and the allow list needs one', () => {
    const entries: SidebarEntry[] = [
      { routeName: 'a', displayName: 'A', trackingEvent: 'a', customerDenyList: ['C-X'] },
      { routeName: 'b', displayName: 'B', trackingEvent: 'b', customerAllowList: ['C-X'] },
    ];
    expect(names(visibleSidebarEntries(ctx({ customerId: null }), entries))).toEqual(['a']);
    expect(names(visibleSidebarEntries(ctx({ customerId: 'C-X' }), entries))).toEqual(['b']);
  });
});

describe('createRewardButtonState (spec 2.1)', () => {
  const base: CreateRewardContext = {
    customersSettled: true,
    customerId: 'C-ACME0001',
    customerErr: null,
    permissions: ['write:orders'] as Permission[],
    playgroundMode: false,
  };
  it.each<[string, Partial<CreateRewardContext>, ReturnType<typeof createRewardButtonState>]>([
    ['a loaded customer and write:orders', {}, 'enabled'],
    ['customers still loading', { customersSettled: false }, 'hidden'],
    ['the internal demo customer', { customerId: 'C-DEMO0001' }, 'hidden'],
    ['no write:orders', { permissions: ['read:orders'] }, 'hidden'],
    ['playground mode', { playgroundMode: true }, 'hidden'],
    ['a customer error', { customerErr: 'Not Found' }, 'disabled'],
    ['no customer selected', { customerId: null }, 'disabled'],
  ])('with %s: %s', (_why, overrides, expected) => {
    expect(createRewardButtonState({ ...base, ...overrides })).toBe(expected);
  });
});
