import { formatAmount, useCustomers, useSelectedCustomerId } from '@boon/console-kit';
import type { SelectOption } from '@boon/ui';
import { useMemo } from 'react';
import { useBalances } from '../api';

/** The balances that may pay for rewards, per currency of the rewards. */
interface PayingBalances {
  /**
   * Which balances may pay for rewards in `currency`: its own when the company holds it, and with
   * FX on, every other. The first is the default: the rewards' own, so nothing is exchanged
   * unless the person asks for it.
   */
  optionsFor(currency: string): SelectOption[];
}

/** Boon FX is on for the selected company: a balance in another currency may pay for rewards. */
export function useFxOn(): boolean {
  const customerId = useSelectedCustomerId();
  const customers = useCustomers();
  return (
    customers.data?.find((customer) => customer.customerId === customerId)?.customerFeatureFlags
      .fx === true
  );
}

/**
 * The company's balances as choices of who pays; undefined while they load. Without them (their
 * list failed), no choice is offered, and the rewards' own currency pays, as the server decides
 * when no balance is named.
 */
export function usePayingBalances(): PayingBalances | undefined {
  const customerId = useSelectedCustomerId();
  const balances = useBalances(customerId);
  const fxOn = useFxOn();
  return useMemo<PayingBalances | undefined>(() => {
    if (balances.isError) return { optionsFor: () => [] };
    if (!balances.data) return undefined;
    const list = balances.data;
    const held = list.map((balance) => balance.currency);
    return {
      optionsFor: (currency) => {
        const paying = fxOn ? [...held] : held.filter((code) => code === currency);
        paying.sort((a, b) => Number(b === currency) - Number(a === currency));
        return paying.map((code) => ({
          id: code,
          value: code,
          label: `${code} balance (${formatAmount(
            list.find((balance) => balance.currency === code)?.available ?? '0',
            code,
          )} available)`,
        }));
      },
    };
  }, [balances.data, balances.isError, fxOn]);
}
