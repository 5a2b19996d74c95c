import type { Permission } from '@boon/contracts';
import type { FeatureToggles } from './feature-toggles.js';
import { holdsPermissionGuard } from './permission-guard.js';
import { isPathAlwaysAllowedInPlayground } from './playground.js';
import type { EffectiveRouteMeta } from './route-meta.js';

/** The guards of spec 5, in the order they run; the first that objects decides. */
export const guardOrder = [
  'customer-id',
  'feature-toggle',
  'balances-enabled',
  'fx-enabled',
  'balances-terms',
  'permissions',
  'playground',
] as const;
/**
 * The staff and customer checks run after the spec's seven (see RouteMeta.staffOnly and
 * RouteMeta.customerDenyList).
 */
export type GuardName = (typeof guardOrder)[number] | 'staff-only' | 'customer-deny';

/** Navigation errors the spec names (section 8); the console handles each as it says. */
export type NavigationErrorName =
  'no-permissions' | 'fx-restriction' | 'terms-not-accepted' | 'playground-restriction';

export const guardAlerts = {
  missingCustomer: 'Please select customer id to continue',
  accessDenied: 'Access denied',
} as const;

export interface GuardContext {
  /** The first page the signed-in console shows (a typed URL, a reload, a return from sign-in). */
  firstNavigation: boolean;
  pathname: string;
  customerId: string | null;
  featureToggles: FeatureToggles;
  /** The selected customer's flags; null while no customer is loaded. */
  customer: { balancesEnabled: boolean; fxEnabled: boolean } | null;
  /** Whether the user's options (balances terms among them) have been read yet. */
  userPropertiesPopulated: boolean;
  balancesTncAccepted: boolean;
  /** Read from the access token, for the selected customer. */
  permissions: readonly Permission[];
  playgroundMode: boolean;
  isStaff: boolean;
}

export type GuardDecision =
  | { action: 'allow' }
  /** Go home instead (first navigation, or the errors spec 8 sends home). */
  | { action: 'redirect-home'; guard: GuardName; error?: NavigationErrorName }
  /** Stay on the current page; show the alert when there is one. */
  | { action: 'block'; guard: GuardName; alert?: string; error?: NavigationErrorName }
  /** Open "Complete account setup" and go back to the previous page, or home. */
  | { action: 'playground-limit'; guard: 'playground'; error: 'playground-restriction' }
  /** The terms guard needs the user's options; ask again once they are read. */
  | { action: 'wait-for-user-properties'; guard: 'balances-terms' };

const allow: GuardDecision = { action: 'allow' };

/**
 * The route guard chain of spec 5 as one pure function: the router adapter supplies the state and
 * carries out the decision. Every rule here is mirrored by the server, which is the authority.
 */
export function evaluateRouteGuards(meta: EffectiveRouteMeta, ctx: GuardContext): GuardDecision {
  const first = ctx.firstNavigation;

  if (meta.requiresCustomerId && !ctx.customerId) {
    return first
      ? { action: 'redirect-home', guard: 'customer-id' }
      : { action: 'block', guard: 'customer-id', alert: guardAlerts.missingCustomer };
  }

  if (meta.requiredFeatureToggles.some((toggle) => !ctx.featureToggles[toggle])) {
    return first
      ? { action: 'redirect-home', guard: 'feature-toggle' }
      : { action: 'block', guard: 'feature-toggle', alert: guardAlerts.accessDenied };
  }

  if (meta.requiresBalancesEnabledForCustomer && !ctx.customer?.balancesEnabled) {
    return first
      ? { action: 'redirect-home', guard: 'balances-enabled' }
      : { action: 'block', guard: 'balances-enabled' };
  }

  if (meta.requiresFXEnabledForCustomer && !ctx.customer?.fxEnabled) {
    return first
      ? { action: 'redirect-home', guard: 'fx-enabled' }
      : { action: 'redirect-home', guard: 'fx-enabled', error: 'fx-restriction' };
  }

  if (meta.requiresBalancesTncAccepted) {
    if (!ctx.userPropertiesPopulated) {
      return { action: 'wait-for-user-properties', guard: 'balances-terms' };
    }
    if (!ctx.balancesTncAccepted) {
      // Silent: the page stays as it is, with no alert (spec 8).
      return first
        ? { action: 'redirect-home', guard: 'balances-terms' }
        : { action: 'block', guard: 'balances-terms', error: 'terms-not-accepted' };
    }
  }

  if (!meta.permissionGuards.every((guard) => holdsPermissionGuard(ctx.permissions, guard))) {
    return first
      ? { action: 'redirect-home', guard: 'permissions' }
      : { action: 'redirect-home', guard: 'permissions', error: 'no-permissions' };
  }

  if (
    ctx.playgroundMode &&
    !meta.allowedInPlayground &&
    !isPathAlwaysAllowedInPlayground(ctx.pathname)
  ) {
    return { action: 'playground-limit', guard: 'playground', error: 'playground-restriction' };
  }

  if (meta.staffOnly && !ctx.isStaff) {
    return first
      ? { action: 'redirect-home', guard: 'staff-only' }
      : { action: 'block', guard: 'staff-only', alert: guardAlerts.accessDenied };
  }

  if (ctx.customerId && meta.customerDenyList?.includes(ctx.customerId)) {
    return first
      ? { action: 'redirect-home', guard: 'customer-deny' }
      : { action: 'block', guard: 'customer-deny', alert: guardAlerts.accessDenied };
  }

  return allow;
}
