import type { CustomerId } from '@boon/contracts';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore, storageKeys } from '@boon/console-kit/shell';
import { fakeAuth, renderConsole } from '@boon/console-kit/testing';

describe('/logout', () => {
  afterEach(() => {
    localStorage.clear();
    useAppStore.getState().reset();
  });

  it('clears the customer, staff flag and order-history filters, then signs out back to the origin', async () => {
    useAppStore.getState().setCustomerId('C-ACME0001' as CustomerId);
    useAppStore.getState().setUser({
      isStaff: true,
      permissions: ['read:orders'],
      options: { useBalancesTncAccepted: true, dataProcessingTncAccepted: true },
    });
    localStorage.setItem(storageKeys.orderHistoryFilters, '{"status":"open"}');
    const auth = fakeAuth();

    await renderConsole('/logout', auth);

    expect(screen.getByRole('heading', { level: 1, name: 'Logging you out…' })).toBeVisible();
    expect(useAppStore.getState()).toMatchObject({
      customerId: null,
      isUserStaff: false,
      userPermissions: [],
    });
    expect(localStorage.getItem(storageKeys.customerId)).toBeNull();
    expect(localStorage.getItem(storageKeys.orderHistoryFilters)).toBeNull();
    expect(auth.signOut).toHaveBeenCalledWith(`${window.location.origin}/`);
  });

  it('forgets cached server data', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['customer-management', 'customers'], []);

    await renderConsole('/logout', fakeAuth(), queryClient);

    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
