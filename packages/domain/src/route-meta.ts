import type { FeatureToggleKey } from './feature-toggles.js';
import type { PermissionGuard } from './permission-guard.js';

/** The metadata a console route declares (spec 3, "Route metadata"). */
export interface RouteMeta {
  requiresCustomerId?: boolean;
  requiresFeatureToggle?: { feature: FeatureToggleKey };
  requiresBalancesEnabledForCustomer?: boolean;
  requiresBalancesTncAccepted?: boolean;
  requiresFXEnabledForCustomer?: boolean;
  permissionGuards?: PermissionGuard;
  allowedInPlayground?: boolean;
  /** Carry the current query parameters over when a navigation to this route has none. */
  keepParams?: boolean;
  /**
   * Staff tools (/debug/...): not one of the spec's route metadata, which leaves staff screens to
   * the sidebar; checked after the spec's chain so that typing the address is refused too.
   */
  staffOnly?: boolean;
  /**
   * Customers the page is not for, as a sidebar entry's customerDenyList (spec 2.1) hides its
   * entry: the route names the same list, so typing the address is refused too (Globex has no
   * Order history). Checked after the spec's chain, as staffOnly is.
   */
  customerDenyList?: readonly string[];
}

/**
 * The metadata that applies to a page: its own and its parents', outermost first. A parent's
 * requirement holds for every page below it, so flags combine with OR and permission guards all
 * apply; a page is allowed in playground only when the page itself says so.
 */
export type EffectiveRouteMeta = Omit<RouteMeta, 'permissionGuards' | 'requiresFeatureToggle'> & {
  permissionGuards: PermissionGuard[];
  /** Every toggle the page and its parents need, outermost first. */
  requiredFeatureToggles: FeatureToggleKey[];
};

export function combineRouteMeta(chain: readonly (RouteMeta | undefined)[]): EffectiveRouteMeta {
  const meta: EffectiveRouteMeta = { permissionGuards: [], requiredFeatureToggles: [] };
  for (const m of chain) {
    if (!m) continue;
    if (m.requiresCustomerId) meta.requiresCustomerId = true;
    if (m.requiresFeatureToggle) meta.requiredFeatureToggles.push(m.requiresFeatureToggle.feature);
    if (m.requiresBalancesEnabledForCustomer) meta.requiresBalancesEnabledForCustomer = true;
    if (m.requiresBalancesTncAccepted) meta.requiresBalancesTncAccepted = true;
    if (m.requiresFXEnabledForCustomer) meta.requiresFXEnabledForCustomer = true;
    if (m.permissionGuards) meta.permissionGuards.push(m.permissionGuards);
    if (m.keepParams !== undefined) meta.keepParams = m.keepParams;
    if (m.staffOnly) meta.staffOnly = true;
    if (m.customerDenyList) {
      meta.customerDenyList = [...(meta.customerDenyList ?? []), ...m.customerDenyList];
    }
  }
  const leaf = chain.at(-1);
  if (leaf?.allowedInPlayground) meta.allowedInPlayground = true;
  return meta;
}
