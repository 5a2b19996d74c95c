import type { CustomerId } from '@boon/contracts';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from './app-store';
import { useFeatureToggleStore } from './feature-toggle-store';
import {
  getSelectedCustomerId,
  useFeatureToggle,
  useHasPermission,
  useIsStaff,
  usePermissions,
  useSelectedCustomer,
  useSelectedCustomerId,
  useTimezoneOverride,
} from './selectors';

const acme = 'C-ACME0001' as CustomerId;

beforeEach(() => {
  useAppStore.getState().reset();
  useFeatureToggleStore.getState().resetToggles();
});

describe('store selectors', () => {
  it('follow the customer the shell selects', () => {
    const id = renderHook(() => useSelectedCustomerId());
    const customer = renderHook(() => useSelectedCustomer());
    expect(id.result.current).toBeNull();
    expect(customer.result.current).toMatchObject({ customerId: null, playgroundMode: false });

    act(() => {
      useAppStore.getState().setCustomerId(acme);
      useAppStore.getState().setSelectedCustomer({
        customerDefaultCurrency: '£',
        customerSource: 'direct',
        playgroundMode: true,
        limitedAccess: true,
      });
    });
    expect(id.result.current).toBe(acme);
    expect(getSelectedCustomerId()).toBe(acme);
    expect(customer.result.current).toEqual({
      customerId: acme,
      defaultCurrencySymbol: '£',
      source: 'direct',
      playgroundMode: true,
      limitedAccess: true,
    });
  });

  it('read the permissions, the staff flag, a toggle and the timezone choice', () => {
    const read = renderHook(() => ({
      permissions: usePermissions(),
      mayInvite: useHasPermission('write:team_members'),
      staff: useIsStaff(),
      staffViews: useFeatureToggle('staffViews'),
      timezone: useTimezoneOverride(),
    }));
    const staffViewsByDefault = read.result.current.staffViews;
    expect(read.result.current).toMatchObject({ permissions: [], mayInvite: false, staff: false });
    expect(read.result.current.timezone).toBeNull();

    act(() => {
      useAppStore.getState().setUser({
        isStaff: true,
        permissions: ['read:team_members', 'write:team_members'],
        options: { useBalancesTncAccepted: true, dataProcessingTncAccepted: true },
      });
      useFeatureToggleStore.getState().setToggle('staffViews', !staffViewsByDefault);
      useAppStore.getState().setTimezoneOverride('Etc/UTC');
    });
    expect(read.result.current).toEqual({
      permissions: ['read:team_members', 'write:team_members'],
      mayInvite: true,
      staff: true,
      staffViews: !staffViewsByDefault,
      timezone: 'Etc/UTC',
    });
  });
});
