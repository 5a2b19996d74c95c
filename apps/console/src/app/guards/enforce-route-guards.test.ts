import { featureToggleDefaults, type RouteMeta } from '@boon/domain';
import { isRedirect, type ParsedLocation } from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore, useFeatureToggleStore, useNoticeStore } from '@boon/console-kit/shell';
import { customer, ownerMe } from '@boon/console-kit/testing';
import type { NavigationState } from '../router-context';
import { enforceRouteGuards, type GuardedNavigation } from './enforce-route-guards';

const session = { customers: [], customer: customer('C-ACME0001', 'Acme'), user: ownerMe };

function location(pathname: string, search: Record<string, unknown> = {}): ParsedLocation {
  const query = new URLSearchParams(search as Record<string, string>).toString();
  return { pathname, search, href: query ? `${pathname}?${query}` : pathname } as ParsedLocation;
}

const later: NavigationState = {
  previousHref: '/help',
  signedInPageShown: true,
  previousSearch: {},
  previousKeepParams: false,
};

function navigate(overrides: Partial<GuardedNavigation> & { meta?: RouteMeta }) {
  const { meta, ...rest } = overrides;
  const input: GuardedNavigation = {
    location: location('/target'),
    metaChain: [undefined, meta],
    preload: false,
    navigation: later,
    session,
    ...rest,
  };
  try {
    enforceRouteGuards(input);
    return { allowed: true as const };
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown;
    return { allowed: false as const, redirect: thrown.options };
  }
}

describe('enforceRouteGuards: the router adapter of the guard chain', () => {
  beforeEach(() => {
    useAppStore.getState().reset();
    useAppStore.getState().setCustomerId('C-ACME0001');
    useFeatureToggleStore.setState({ toggles: { ...featureToggleDefaults } });
    useNoticeStore.setState({ alert: null, playgroundLimitOpen: false });
  });

  it('lets an allowed navigation through', () => {
    expect(navigate({ meta: { requiresCustomerId: true } })).toEqual({ allowed: true });
  });

  it('blocks a later navigation: back to the page before, with the alert', () => {
    useAppStore.getState().setCustomerId(null);
    const result = navigate({ meta: { requiresCustomerId: true } });
    expect(result).toMatchObject({ allowed: false, redirect: { href: '/help', replace: true } });
    expect(useNoticeStore.getState().alert?.message).toBe('Please select customer id to continue');
  });

  it('sends a re-check of the page itself home instead of looping on it', () => {
    useAppStore.getState().setCustomerId(null);
    const result = navigate({
      meta: { requiresCustomerId: true },
      location: location('/help'),
    });
    expect(result).toMatchObject({ allowed: false, redirect: { to: '/' } });
  });

  it('decides a preload silently', () => {
    useAppStore.getState().setCustomerId(null);
    expect(navigate({ meta: { requiresCustomerId: true }, preload: true })).toMatchObject({
      allowed: false,
    });
    expect(useNoticeStore.getState().alert).toBeNull();
  });

  it('opens the playground limitation and goes back', () => {
    useAppStore.getState().setSelectedCustomer({
      customerDefaultCurrency: '$',
      customerSource: 'direct',
      playgroundMode: true,
      limitedAccess: true,
    });
    expect(navigate({ meta: {} })).toMatchObject({ redirect: { href: '/help' } });
    expect(useNoticeStore.getState().playgroundLimitOpen).toBe(true);
  });

  it('carries query parameters over between keep-params steps', () => {
    const result = navigate({
      meta: { keepParams: true },
      navigation: { ...later, previousSearch: { product: 'P-1' }, previousKeepParams: true },
    });
    expect(result).toMatchObject({
      allowed: false,
      redirect: { to: '/target', search: { product: 'P-1' }, replace: true },
    });
    expect(
      navigate({
        meta: { keepParams: true },
        location: location('/target', { product: 'P-2' }),
        navigation: { ...later, previousSearch: { product: 'P-1' }, previousKeepParams: true },
      }),
    ).toEqual({ allowed: true });
  });
});
