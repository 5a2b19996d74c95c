import type { CustomerId } from '@boon/contracts';
import { useCustomers } from '@boon/console-kit';
import { useMemo } from 'react';
import { floatCurrency } from '@boon/domain';
import type { SelectOption } from '@boon/ui';
import { useBalances } from './billing-api';

/** The selected customer's feature flags (spec 3), from the customer list; undefined unknown. */
export function useCustomerFeatureFlags(customerId: CustomerId | null) {
  const customers = useCustomers();
  return customers.data?.find((customer) => customer.customerId === customerId)
    ?.customerFeatureFlags;
}

/** The currencies the customer may hold a balance in, as its settings say; undefined unknown. */
export function useConfiguredFloats(customerId: CustomerId | null): readonly string[] | undefined {
  return useCustomerFeatureFlags(customerId)?.balances.floats;
}

/** Whether the customer pays card fees on card top-ups (spec 3's cardFees); undefined unknown. */
export function useCardFees(customerId: CustomerId | null): boolean | undefined {
  return useCustomerFeatureFlags(customerId)?.balances.cardFees;
}

/**
 * The customer's balance currencies, alphabetically: its settings', or for staff (whose customer
 * list does not hold it) the balances the server reports.
 */
export function useBalanceCurrencies(customerId: CustomerId | null): string[] {
  const configured = useConfiguredFloats(customerId);
  const balances = useBalances(customerId);
  const codes = [...(configured ?? balances.data?.map((balance) => balance.currency) ?? [])].sort();
  // The same array while the codes are the same, so effects that depend on it do not rerun.
  const key = codes.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => codes, [key]);
}

/**
 * Whether the customer's balance currencies are known yet: from its settings, or (staff) from
 * the balances, which may still be loading or have failed.
 */
export function useBalanceCurrenciesStatus(
  customerId: CustomerId | null,
): 'loading' | 'error' | 'ready' {
  const configured = useConfiguredFloats(customerId);
  const balances = useBalances(customerId);
  if (configured !== undefined || balances.isSuccess) return 'ready';
  return balances.isError ? 'error' : 'loading';
}

/** Select options for currency codes: "GBP · British pound", or the code alone if `bare`. */
export function currencyOptions(codes: readonly string[], bare = false): SelectOption[] {
  return codes.map((code) => {
    const currency = bare ? undefined : floatCurrency(code);
    return { id: code, value: code, label: currency ? `${code} · ${currency.title}` : code };
  });
}
