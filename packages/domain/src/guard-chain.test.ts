import { describe, expect, it } from 'vitest';
import { featureToggleDefaults } from './feature-toggles.js';
import { evaluateRouteGuards, guardOrder, type GuardContext } from './guard-chain.js';
import { combineRouteMeta, type EffectiveRouteMeta, type RouteMeta } from './route-meta.js';

function ctx(overrides: Partial<GuardContext> = {}): GuardContext {
  return {
    firstNavigation: false,
    pathname: '/somewhere',
    customerId: 'C-ACME0001',
    featureToggles: { ...featureToggleDefaults },
    customer: { balancesEnabled: true, fxEnabled: true },
    userPropertiesPopulated: true,
    balancesTncAccepted: true,
    permissions: ['read:orders', 'write:orders', 'write:top_up_by_fx'],
    playgroundMode: false,
    isStaff: false,
    ...overrides,
  };
}

const meta = (m: RouteMeta): EffectiveRouteMeta => combineRouteMeta([m]);
const first = { firstNavigation: true };

describe('evaluateRouteGuards: one rule at a time (spec 5, route guards)', () => {
  it('allows a route without requirements', () => {
    expect(evaluateRouteGuards(meta({}), ctx())).toEqual({ action: 'allow' });
  });

  describe('1. customer id', () => {
    const m = meta({ requiresCustomerId: true });
    it('goes home on the first navigation', () => {
      expect(evaluateRouteGuards(m, ctx({ ...first, customerId: null }))).toEqual({
        action: 'redirect-home',
        guard: 'customer-id',
      });
    });
    it('blocks later navigation with "Please select customer id to continue"', () => {
      expect(evaluateRouteGuards(m, ctx({ customerId: null }))).toEqual({
        action: 'block',
        guard: 'customer-id',
        alert: 'Please select customer id to continue',
      });
    });
    it('passes with a customer', () => {
      expect(evaluateRouteGuards(m, ctx())).toEqual({ action: 'allow' });
    });
  });

  describe('2. feature toggle', () => {
    const m = meta({ requiresFeatureToggle: { feature: 'userSettings' } });
    const off = { featureToggles: { ...featureToggleDefaults, userSettings: false } };
    it('goes home on the first navigation', () => {
      expect(evaluateRouteGuards(m, ctx({ ...first, ...off }))).toMatchObject({
        action: 'redirect-home',
        guard: 'feature-toggle',
      });
    });
    it('blocks later navigation with "Access denied"', () => {
      expect(evaluateRouteGuards(m, ctx(off))).toEqual({
        action: 'block',
        guard: 'feature-toggle',
        alert: 'Access denied',
      });
    });
    it('passes with the toggle on', () => {
      expect(evaluateRouteGuards(m, ctx())).toEqual({ action: 'allow' });
    });
    it("keeps a parent's toggle when the page needs another one", () => {
      const nested = combineRouteMeta([
        { requiresFeatureToggle: { feature: 'customization' } },
        { requiresFeatureToggle: { feature: 'userSettings' } },
      ]);
      const parentOff = { featureToggles: { ...featureToggleDefaults, customization: false } };
      expect(evaluateRouteGuards(nested, ctx(parentOff))).toMatchObject({
        guard: 'feature-toggle',
      });
      expect(evaluateRouteGuards(nested, ctx())).toEqual({ action: 'allow' });
    });
  });

  describe('3. balances enabled', () => {
    const m = meta({ requiresBalancesEnabledForCustomer: true });
    const off = { customer: { balancesEnabled: false, fxEnabled: false } };
    it('goes home on the first navigation', () => {
      expect(evaluateRouteGuards(m, ctx({ ...first, ...off }))).toMatchObject({
        action: 'redirect-home',
      });
    });
    it('shows nothing on later navigation: blocked without an alert', () => {
      expect(evaluateRouteGuards(m, ctx(off))).toEqual({
        action: 'block',
        guard: 'balances-enabled',
      });
    });
    it('treats a customer not loaded as balances off', () => {
      expect(evaluateRouteGuards(m, ctx({ customer: null }))).toMatchObject({ action: 'block' });
    });
  });

  describe('4. FX enabled', () => {
    const m = meta({ requiresFXEnabledForCustomer: true });
    const off = { customer: { balancesEnabled: true, fxEnabled: false } };
    it('goes home on the first navigation', () => {
      expect(evaluateRouteGuards(m, ctx({ ...first, ...off }))).toEqual({
        action: 'redirect-home',
        guard: 'fx-enabled',
      });
    });
    it('raises the FX restriction on later navigation, which sends the user home', () => {
      expect(evaluateRouteGuards(m, ctx(off))).toEqual({
        action: 'redirect-home',
        guard: 'fx-enabled',
        error: 'fx-restriction',
      });
    });
  });

  describe('5. balances terms accepted', () => {
    const m = meta({ requiresBalancesTncAccepted: true });
    it('waits for the user properties', () => {
      expect(evaluateRouteGuards(m, ctx({ userPropertiesPopulated: false }))).toEqual({
        action: 'wait-for-user-properties',
        guard: 'balances-terms',
      });
    });
    it('goes home on the first load', () => {
      expect(evaluateRouteGuards(m, ctx({ ...first, balancesTncAccepted: false }))).toMatchObject({
        action: 'redirect-home',
        guard: 'balances-terms',
      });
    });
    it('is a silent terms-not-accepted error later: blocked, no alert', () => {
      expect(evaluateRouteGuards(m, ctx({ balancesTncAccepted: false }))).toEqual({
        action: 'block',
        guard: 'balances-terms',
        error: 'terms-not-accepted',
      });
    });
  });

  describe('6. permissions (read from the access token)', () => {
    it('AND needs all of them', () => {
      const m = meta({ permissionGuards: { permissions: ['write:orders', 'read:products'] } });
      expect(evaluateRouteGuards(m, ctx())).toMatchObject({
        action: 'redirect-home',
        error: 'no-permissions',
      });
      expect(
        evaluateRouteGuards(m, ctx({ permissions: ['write:orders', 'read:products'] })),
      ).toEqual({ action: 'allow' });
    });
    it('OR needs any of them', () => {
      const m = meta({
        permissionGuards: {
          permissions: ['write:top_up_by_bank', 'write:top_up_by_card', 'write:top_up_by_fx'],
          guardAction: 'OR',
        },
      });
      expect(evaluateRouteGuards(m, ctx())).toEqual({ action: 'allow' });
      expect(evaluateRouteGuards(m, ctx({ permissions: ['read:orders'] }))).toMatchObject({
        action: 'redirect-home',
      });
    });
    it('goes home on the first load without the error', () => {
      const m = meta({ permissionGuards: { permissions: ['read:team_members'] } });
      expect(evaluateRouteGuards(m, ctx(first))).toEqual({
        action: 'redirect-home',
        guard: 'permissions',
      });
    });
    it('applies a parent route guard and the page guard together', () => {
      const m = combineRouteMeta([
        {
          permissionGuards: {
            permissions: ['write:top_up_by_bank', 'write:top_up_by_fx'],
            guardAction: 'OR',
          },
        },
        { permissionGuards: { permissions: ['write:top_up_by_bank'] } },
      ]);
      expect(evaluateRouteGuards(m, ctx())).toMatchObject({ guard: 'permissions' });
    });
  });

  describe('7. playground', () => {
    const playground = { playgroundMode: true };
    it('limits routes not allowed in playground', () => {
      expect(evaluateRouteGuards(meta({}), ctx(playground))).toEqual({
        action: 'playground-limit',
        guard: 'playground',
        error: 'playground-restriction',
      });
    });
    it('lets allowed routes through', () => {
      expect(evaluateRouteGuards(meta({ allowedInPlayground: true }), ctx(playground))).toEqual({
        action: 'allow',
      });
    });
    it.each([
      '/debug',
      '/debug/features',
      '/admin/pending-customers',
      '/api-keys/create/playground',
    ])('always allows %s', (pathname) => {
      expect(evaluateRouteGuards(meta({}), ctx({ ...playground, pathname }))).toEqual({
        action: 'allow',
      });
    });
    it.each(['/debugger', '/api-keys/create/production', '/administration'])(
      'does not mistake %s for an always-allowed path',
      (pathname) => {
        expect(evaluateRouteGuards(meta({}), ctx({ ...playground, pathname }))).toMatchObject({
          action: 'playground-limit',
        });
      },
    );
    it('only counts the page itself as allowed, not its parent', () => {
      expect(
        evaluateRouteGuards(combineRouteMeta([{ allowedInPlayground: true }, {}]), ctx(playground)),
      ).toMatchObject({ action: 'playground-limit' });
    });
  });
});

describe('staff-only routes (the /debug tools)', () => {
  const m = meta({ staffOnly: true });
  it('lets staff in', () => {
    expect(evaluateRouteGuards(m, ctx({ isStaff: true }))).toEqual({ action: 'allow' });
  });
  it('sends others home on the first navigation and refuses later ones with "Access denied"', () => {
    expect(evaluateRouteGuards(m, ctx(first))).toEqual({
      action: 'redirect-home',
      guard: 'staff-only',
    });
    expect(evaluateRouteGuards(m, ctx())).toEqual({
      action: 'block',
      guard: 'staff-only',
      alert: 'Access denied',
    });
  });
  it('is not waived by playground mode on /debug paths', () => {
    expect(
      evaluateRouteGuards(m, ctx({ playgroundMode: true, pathname: '/debug/features' })),
    ).toMatchObject({ action: 'block', guard: 'staff-only' });
  });
});

describe("routes denied to some customers (Order history's customerDenyList)", () => {
  const m = meta({ requiresCustomerId: true, customerDenyList: ['C-GLOBEX01'] });
  it('lets other customers in', () => {
    expect(evaluateRouteGuards(m, ctx())).toEqual({ action: 'allow' });
  });
  it('sends a denied customer home on the first navigation and refuses later ones', () => {
    expect(evaluateRouteGuards(m, ctx({ ...first, customerId: 'C-GLOBEX01' }))).toEqual({
      action: 'redirect-home',
      guard: 'customer-deny',
    });
    expect(evaluateRouteGuards(m, ctx({ customerId: 'C-GLOBEX01' }))).toEqual({
      action: 'block',
      guard: 'customer-deny',
      alert: 'Access denied',
    });
  });
  it('holds for every page below the route that says so, and the lists add up', () => {
    const chain = combineRouteMeta([
      { customerDenyList: ['C-GLOBEX01'] },
      { customerDenyList: ['C-X'] },
    ]);
    expect(chain.customerDenyList).toEqual(['C-GLOBEX01', 'C-X']);
    expect(evaluateRouteGuards(chain, ctx({ customerId: 'C-X' }))).toMatchObject({
      guard: 'customer-deny',
    });
  });
});

describe('evaluateRouteGuards: the order of spec 5', () => {
  // Every guard fails at once; removing the winner each time must reveal the next in order.
  const everything: RouteMeta = {
    requiresCustomerId: true,
    requiresFeatureToggle: { feature: 'customization' },
    requiresBalancesEnabledForCustomer: true,
    requiresFXEnabledForCustomer: true,
    requiresBalancesTncAccepted: true,
    permissionGuards: { permissions: ['read:team_members'] },
  };
  const failing: GuardContext = ctx({
    customerId: null,
    featureToggles: { ...featureToggleDefaults, customization: false },
    customer: { balancesEnabled: false, fxEnabled: false },
    balancesTncAccepted: false,
    permissions: [],
    playgroundMode: true,
  });
  const fixes: Partial<GuardContext>[] = [
    { customerId: 'C-ACME0001' },
    { featureToggles: { ...featureToggleDefaults } },
    { customer: { balancesEnabled: true, fxEnabled: false } },
    { customer: { balancesEnabled: true, fxEnabled: true } },
    { balancesTncAccepted: true },
    { permissions: ['read:team_members'] },
    { playgroundMode: false },
  ];

  it('runs customer id, feature toggle, balances, FX, terms, permissions, playground', () => {
    let context = failing;
    const seen: string[] = [];
    for (const fix of fixes) {
      const decision = evaluateRouteGuards(combineRouteMeta([everything]), context);
      if (decision.action !== 'allow') seen.push(decision.guard);
      context = { ...context, ...fix };
    }
    expect(seen).toEqual([...guardOrder]);
    expect(evaluateRouteGuards(combineRouteMeta([everything]), context)).toEqual({
      action: 'allow',
    });
  });
});
