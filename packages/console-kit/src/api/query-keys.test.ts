import type { CustomerId } from '@boon/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isTenantKey, isUserKey, queryKeys, removeTenantQueries } from './query-keys';

const acme = 'C-ACME0001' as CustomerId;
const globex = 'C-GLOBEX01' as CustomerId;

describe('queryKeys', () => {
  it('puts the customer right after the tenant scope', () => {
    expect(queryKeys.tenant(acme, 'team', 'members')).toEqual(['tenant', acme, 'team', 'members']);
    expect(queryKeys.user('me', acme)).toEqual(['user', 'me', acme]);
    expect(queryKeys.staff('mailbox')).toEqual(['staff', 'mailbox']);
    expect(isTenantKey(queryKeys.tenant(null, 'team'))).toBe(true);
    expect(isTenantKey(queryKeys.user('customers'))).toBe(false);
    expect(isUserKey(queryKeys.user('customers'))).toBe(true);
    expect(isUserKey(queryKeys.staff('mailbox'))).toBe(false);
  });
});

describe('removeTenantQueries', () => {
  function cached() {
    const queryClient = new QueryClient();
    for (const key of [
      queryKeys.tenant(acme, 'team'),
      queryKeys.tenant(globex, 'team'),
      queryKeys.tenant(globex, 'orders', { page: 2 }),
      queryKeys.user('customers'),
      queryKeys.staff('mailbox'),
    ]) {
      queryClient.setQueryData(key, 'answer');
    }
    const keys = () =>
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey);
    return { queryClient, keys };
  }

  it("drops every other customer's data and keeps the user's and staff's", () => {
    const { queryClient, keys } = cached();
    removeTenantQueries(queryClient, acme);
    expect(keys()).toEqual([
      queryKeys.tenant(acme, 'team'),
      queryKeys.user('customers'),
      queryKeys.staff('mailbox'),
    ]);
  });

  it("drops every customer's data when none is kept", () => {
    const { queryClient, keys } = cached();
    removeTenantQueries(queryClient);
    expect(keys()).toEqual([queryKeys.user('customers'), queryKeys.staff('mailbox')]);
  });
});
