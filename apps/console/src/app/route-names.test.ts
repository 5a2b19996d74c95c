import {
  consoleRootRoute,
  onboardingScreenPath,
  signedInAreaRoute,
  signedInOnboardingScreens,
} from '@boon/console-kit';
import { createRootRoute, createRoute, type AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { consoleApps } from './console-apps';
import { isRouteAvailable, routePath, routePathsByName } from './route-names';
import { routeTree } from './route-tree';

function everyRoute(route: AnyRoute): AnyRoute[] {
  return [route, ...((route.children ?? []) as AnyRoute[]).flatMap(everyRoute)];
}

describe('route names and paths of the composed tree', () => {
  it('gives every route a name, and no name twice', () => {
    const names = everyRoute(routeTree).map((route) => route.options.staticData?.name);
    expect(names).not.toContain(undefined);
    expect(new Set(names).size).toBe(names.length);
  });

  it("derives the paths of the shell's and the console apps' routes by name", () => {
    expect(routePath('home')).toBe('/');
    expect(routePath('user-settings')).toBe('/user/settings');
    expect(routePath('debug-feature-toggles')).toBe('/debug/features');
    expect(routePath('team-members')).toBe('/team');
    expect(routePath('team')).toBe('/team');
    expect(routePath('team-invite-sent')).toBe('/team/invite-sent');
    expect(routePath('pending-customers')).toBe('/admin/pending-customers');
    expect(routePath('onboarding-verify-email')).toBe('/onboard/verify-email');
    // Layouts without a path of their own are no link targets; apps not built have no routes.
    expect(isRouteAvailable('authenticated')).toBe(false);
    expect(isRouteAvailable('onboarding-signed-in')).toBe(false);
    expect(routePath('order-type-selection')).toBe('/order/type');
    expect(routePath('orders')).toBe('/orders');
    expect(isRouteAvailable('user-redemption-home')).toBe(false);
  });

  it('refuses a tree that names two routes alike', () => {
    const root = createRootRoute({ staticData: { name: 'root' } });
    const tree = root.addChildren([
      createRoute({ getParentRoute: () => root, path: 'a', staticData: { name: 'same' } }),
      createRoute({ getParentRoute: () => root, path: 'b', staticData: { name: 'same' } }),
    ]);
    expect(() => routePathsByName(tree)).toThrow('Two routes are named "same"');
  });

  it("hangs each console app's routes on the mount point they declare", () => {
    for (const app of consoleApps) {
      for (const route of app.publicRoutes) {
        expect(route.options.getParentRoute?.(), route.options.staticData?.name).toBe(
          consoleRootRoute,
        );
      }
      for (const route of app.signedInRoutes) {
        expect(route.options.getParentRoute?.(), route.options.staticData?.name).toBe(
          signedInAreaRoute,
        );
      }
    }
  });

  it('has a route for every onboarding screen the gate can send a user to', () => {
    for (const screen of signedInOnboardingScreens) {
      expect(routePath(`onboarding-${screen}`)).toBe(onboardingScreenPath(screen));
    }
  });
});
