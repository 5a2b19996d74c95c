import type { Permission } from '@boon/contracts';
import type { FeatureToggleKey, FeatureToggles } from './feature-toggles.js';
import { holdsPermissionGuard, type PermissionGuard } from './permission-guard.js';
import { orderHistoryDeniedCustomers, specialCustomers } from './special-customers.js';

/** One sidebar entry with its visibility rules (spec 2.1, "Sidebar item properties"). */
export interface SidebarEntry {
  /** The spec's route name; the console maps it to a path and an icon. */
  routeName: string;
  /** `{product}` stands for the configured product name. */
  displayName: string;
  trackingEvent: string;
  badge?: 'BETA';
  /** The red "new" tag. */
  isNew?: boolean;
  children?: readonly SidebarEntry[];
  /** Several children may be open at once in the accordion (otherwise one at a time). */
  allowMultipleOpen?: boolean;
  staffOnly?: boolean;
  nonStaffOnly?: boolean;
  featureToggle?: FeatureToggleKey;
  customerAllowList?: readonly string[];
  customerDenyList?: readonly string[];
  allowedInPlayground?: boolean;
  permissionGuard?: PermissionGuard;
  /** Child entries that need the customer's balances (spec 2.1). */
  requiresBalancesEnabled?: boolean;
  requiresFxEnabled?: boolean;
}

export interface SidebarContext {
  isStaff: boolean;
  customerId: string | null;
  featureToggles: FeatureToggles;
  permissions: readonly Permission[];
  playgroundMode: boolean;
  customer: { balancesEnabled: boolean; fxEnabled: boolean } | null;
}

const billingChild = { requiresBalancesEnabled: true } as const;

/** The sidebar of spec 2.1, in its order. */
export const sidebarEntries: readonly SidebarEntry[] = [
  {
    routeName: 'home',
    displayName: 'Home',
    trackingEvent: 'Sidebar Home clicked',
    allowedInPlayground: true,
  },
  {
    routeName: 'network',
    displayName: 'Network',
    trackingEvent: 'Sidebar Network clicked',
    allowedInPlayground: true,
    permissionGuard: {
      permissions: ['read:products', 'read:product_approvals'],
      guardAction: 'OR',
    },
    children: [
      {
        routeName: 'product-catalog-home',
        displayName: 'Merchants',
        trackingEvent: 'Sidebar Merchants clicked',
        permissionGuard: { permissions: ['read:products'] },
      },
      {
        routeName: 'product-approval-home',
        displayName: 'Approvals',
        trackingEvent: 'Sidebar Approvals clicked',
        permissionGuard: { permissions: ['read:product_approvals'] },
      },
    ],
  },
  {
    routeName: 'orders',
    displayName: 'Order history',
    trackingEvent: 'Sidebar Order history clicked',
    permissionGuard: { permissions: ['read:orders'] },
    customerDenyList: orderHistoryDeniedCustomers,
  },
  {
    routeName: 'billing',
    displayName: 'Billing & Finance',
    trackingEvent: 'Sidebar Billing & Finance clicked',
    permissionGuard: {
      permissions: [
        'read:billing',
        'read:statements',
        'read:activity_history',
        'write:top_up_by_fx',
      ],
      guardAction: 'OR',
    },
    children: [
      {
        routeName: 'billing-home',
        displayName: 'Balances',
        trackingEvent: 'Sidebar Balances clicked',
        permissionGuard: { permissions: ['read:billing'] },
        ...billingChild,
      },
      {
        routeName: 'statements-home',
        displayName: 'Statements',
        trackingEvent: 'Sidebar Statements clicked',
        permissionGuard: { permissions: ['read:statements'] },
        ...billingChild,
      },
      {
        routeName: 'transactions-home',
        displayName: 'All transactions',
        trackingEvent: 'Sidebar All transactions clicked',
        permissionGuard: { permissions: ['read:activity_history'] },
        ...billingChild,
      },
      {
        routeName: 'currency-exchange',
        displayName: '{product} FX',
        trackingEvent: 'Sidebar FX clicked',
        permissionGuard: { permissions: ['write:top_up_by_fx'] },
        requiresFxEnabled: true,
        ...billingChild,
      },
      {
        routeName: 'stored-cards',
        displayName: 'Stored cards',
        trackingEvent: 'Sidebar Stored cards clicked',
        permissionGuard: { permissions: ['read:payment_cards'] },
        nonStaffOnly: true,
        ...billingChild,
      },
    ],
  },
  {
    routeName: 'shop',
    displayName: 'Shop',
    trackingEvent: 'Sidebar Shop clicked',
    nonStaffOnly: true,
    customerAllowList: [specialCustomers.shopCustomer],
  },
  {
    routeName: 'team-members',
    displayName: 'Team',
    trackingEvent: 'Sidebar Team clicked',
    permissionGuard: { permissions: ['read:team_members'] },
  },
  {
    routeName: 'api-keys',
    displayName: 'API',
    trackingEvent: 'Sidebar API clicked',
    permissionGuard: { permissions: ['read:api_keys'] },
    nonStaffOnly: true,
    allowedInPlayground: true,
  },
  {
    routeName: 'pending-customers',
    displayName: 'Customers',
    trackingEvent: 'Sidebar Customers clicked',
    staffOnly: true,
    featureToggle: 'staffViews',
  },
  {
    // Bank transfers across customers, where staff record the money that arrived.
    routeName: 'staff-top-ups',
    displayName: 'Bank transfers',
    trackingEvent: 'Sidebar Bank transfers clicked',
    staffOnly: true,
    featureToggle: 'staffViews',
  },
  {
    // The outbox staff read at /debug/mailbox (where mail goes without SMTP, and what
    // the product sent to whom), reachable from the sidebar rather than only by its address.
    // Staff only, as its route is; no toggle, as its route has none.
    routeName: 'debug-mailbox',
    displayName: 'Mailbox',
    trackingEvent: 'Sidebar Mailbox clicked',
    staffOnly: true,
  },
  {
    routeName: 'debug',
    displayName: 'Debug',
    trackingEvent: 'Sidebar Debug clicked',
    staffOnly: true,
    featureToggle: 'debugViews',
  },
  {
    routeName: 'design',
    displayName: 'Design',
    trackingEvent: 'Sidebar Design clicked',
    staffOnly: true,
    featureToggle: 'designViews',
    children: [
      {
        routeName: 'debug-component-library',
        displayName: 'Component library',
        trackingEvent: 'Sidebar Component library clicked',
      },
      { routeName: 'debug-theme', displayName: 'Theme', trackingEvent: 'Sidebar Theme clicked' },
    ],
  },
  {
    routeName: 'customization',
    displayName: 'Customization',
    trackingEvent: 'Sidebar Customization clicked',
    featureToggle: 'customization',
    allowedInPlayground: true,
    children: [
      {
        routeName: 'user-redemption-home',
        displayName: 'User redemption',
        trackingEvent: 'Sidebar User redemption clicked',
      },
      {
        routeName: 'payout-selection-home',
        displayName: 'Merchant selection',
        trackingEvent: 'Sidebar Merchant selection clicked',
      },
    ],
  },
  {
    routeName: 'user-settings',
    displayName: 'Settings',
    trackingEvent: 'Sidebar Settings clicked',
    featureToggle: 'userSettings',
  },
  {
    routeName: 'help',
    displayName: 'Help',
    trackingEvent: 'Sidebar Help clicked',
    allowedInPlayground: true,
  },
];

function passesOwnRules(entry: SidebarEntry, ctx: SidebarContext): boolean {
  if (entry.staffOnly && !ctx.isStaff) return false;
  if (entry.nonStaffOnly && ctx.isStaff) return false;
  if (entry.customerAllowList && !entry.customerAllowList.includes(ctx.customerId ?? '')) {
    return false;
  }
  if (entry.customerDenyList && ctx.customerId && entry.customerDenyList.includes(ctx.customerId)) {
    return false;
  }
  if (entry.featureToggle && !ctx.featureToggles[entry.featureToggle]) return false;
  if (!holdsPermissionGuard(ctx.permissions, entry.permissionGuard)) return false;
  if (entry.requiresBalancesEnabled && !ctx.customer?.balancesEnabled) return false;
  if (entry.requiresFxEnabled && !ctx.customer?.fxEnabled) return false;
  return true;
}

/**
 * The entries a user sees, children filtered the same way. In playground mode only top-level
 * entries that allow it show; their children follow them, and the route guard then opens the
 * "Complete account setup" modal for pages that are not allowed. An entry whose children are all
 * hidden is hidden too. `isAvailable` drops entries whose screens are not part of this build yet.
 */
export function visibleSidebarEntries(
  ctx: SidebarContext,
  entries: readonly SidebarEntry[] = sidebarEntries,
  isAvailable: (routeName: string) => boolean = () => true,
): SidebarEntry[] {
  const visible: SidebarEntry[] = [];
  for (const entry of entries) {
    if (ctx.playgroundMode && !entry.allowedInPlayground) continue;
    if (!passesOwnRules(entry, ctx)) continue;
    if (!entry.children) {
      if (isAvailable(entry.routeName)) visible.push(entry);
      continue;
    }
    const children = entry.children.filter(
      (child) => passesOwnRules(child, ctx) && isAvailable(child.routeName),
    );
    if (children.length > 0) visible.push({ ...entry, children });
  }
  return visible;
}

export interface CreateRewardContext {
  /** The customer list request has settled (a failure counts: it leaves customerErr set). */
  customersSettled: boolean;
  customerId: string | null;
  customerErr: string | null;
  permissions: readonly Permission[];
  playgroundMode: boolean;
}

/** The sidebar's "create new reward" button (spec 2.1). */
export function createRewardButtonState(
  ctx: CreateRewardContext,
): 'hidden' | 'disabled' | 'enabled' {
  if (!ctx.customersSettled) return 'hidden';
  if (ctx.customerId === specialCustomers.internalDemoCustomer) return 'hidden';
  if (!ctx.permissions.includes('write:orders')) return 'hidden';
  if (ctx.playgroundMode) return 'hidden';
  if (ctx.customerErr || !ctx.customerId) return 'disabled';
  return 'enabled';
}
