import {
  carriedOverSearch,
  combineRouteMeta,
  evaluateRouteGuards,
  type GuardDecision,
  type RouteMeta,
} from '@boon/domain';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { useFeatureToggleStore, useAppStore, useNoticeStore } from '@boon/console-kit/shell';
import type { SessionSnapshot } from '../../session/signed-in-session';
import type { NavigationState } from '../router-context';

export interface GuardedNavigation {
  location: ParsedLocation;
  /** The route metadata of the pages being entered, outermost first. */
  metaChain: readonly (RouteMeta | undefined)[];
  preload: boolean;
  navigation: NavigationState;
  session: SessionSnapshot;
}

/** The guard chain's decision for a navigation, from the global state (spec 3). */
export function decideNavigation({
  location,
  metaChain,
  navigation,
  session,
}: GuardedNavigation): GuardDecision {
  const state = useAppStore.getState();
  const flags = session.customer?.customerFeatureFlags;
  return evaluateRouteGuards(combineRouteMeta(metaChain), {
    firstNavigation: !navigation.signedInPageShown,
    pathname: location.pathname,
    customerId: state.customerId,
    featureToggles: useFeatureToggleStore.getState().toggles,
    customer: flags ? { balancesEnabled: flags.balances.enabled, fxEnabled: flags.fx } : null,
    userPropertiesPopulated: state.userPropertiesPopulated,
    balancesTncAccepted: state.balancesTncAccepted,
    permissions: state.userPermissions,
    playgroundMode: state.playgroundMode,
    isStaff: state.isUserStaff,
  });
}

/**
 * The thin router adapter of the guard chain: carries out the pure decision in `beforeLoad` by
 * throwing the redirect it calls for. Blocking means staying on the page the user was on; when
 * there is none to stay on (a re-check of the page itself, after a customer switch), home.
 * Preloading (hovering a link) decides silently: alerts and modals belong to real navigations.
 */
export function enforceRouteGuards(input: GuardedNavigation): void {
  const decision = decideNavigation(input);
  const { location, navigation, preload } = input;
  if (decision.action === 'allow') {
    const carried = carriedOverSearch(
      {
        keepParams: combineRouteMeta(input.metaChain).keepParams,
        search: location.search as Record<string, unknown>,
      },
      navigation.previousHref
        ? { keepParams: navigation.previousKeepParams, search: navigation.previousSearch }
        : null,
    );
    if (carried) throw redirect({ to: location.pathname, search: carried, replace: true });
    return;
  }

  const previous =
    navigation.previousHref && navigation.previousHref !== location.href
      ? navigation.previousHref
      : null;
  const home = () => redirect({ to: '/', replace: true });
  const back = () => (previous ? redirect({ href: previous, replace: true }) : home());

  switch (decision.action) {
    case 'redirect-home':
      throw home();
    case 'block':
      if (!preload && decision.alert) {
        useNoticeStore.getState().showAlert(decision.alert, previous ?? '/');
      }
      throw back();
    case 'playground-limit':
      if (!preload) useNoticeStore.getState().openPlaygroundLimit();
      throw back();
    case 'wait-for-user-properties':
      // The session has always read the user before the guards run; staying put is the safe
      // answer should that ever change.
      throw back();
  }
}
