import { getConsoleConfig, useHasPermission, useSelectedCustomerId } from '@boon/console-kit';
import { Link } from '@tanstack/react-router';
import { ArrowLeftRight, CreditCard, Landmark } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCustomerFeatureFlags } from '../api';

/**
 * Add funds (spec 2.5 add-funds): the ways to top up a balance that this user may use, each as
 * its route's guard has it (spec 6): bank transfer; card (write:top_up_by_card and
 * read:payment_cards); currency exchange (write:top_up_by_fx and fx on).
 */
export function AddFundsPage() {
  const mayUseBank = useHasPermission('write:top_up_by_bank');
  const mayPayByCard = useHasPermission('write:top_up_by_card');
  const mayReadCards = useHasPermission('read:payment_cards');
  const mayUseFx = useHasPermission('write:top_up_by_fx');
  const flags = useCustomerFeatureFlags(useSelectedCustomerId());
  const mayUseCard = mayPayByCard && mayReadCards;
  const mayExchange = mayUseFx && flags?.fx === true;
  const product = getConsoleConfig().productName;
  const icon = 'mt-0.5 h-6 w-6 shrink-0 text-brand-700';
  const ways = [
    mayUseBank && {
      to: '/billing/add-funds/bank-transfer',
      icon: <Landmark aria-hidden="true" className={icon} />,
      title: 'Bank transfer',
      text: 'Send money from your bank quoting the reference we give you. It is added to your balance when it arrives, usually within 1 to 3 business days.',
    },
    mayUseCard && {
      to: '/billing/add-funds/card-top-up',
      icon: <CreditCard aria-hidden="true" className={icon} />,
      title: 'Card payment',
      text: 'Pay by debit or credit card in GBP, USD, EUR or CAD. The money is in your balance as soon as the payment is confirmed.',
    },
    mayExchange && {
      to: '/billing/add-funds/currency-exchange',
      icon: <ArrowLeftRight aria-hidden="true" className={icon} />,
      title: `${product} FX`,
      text: 'Exchange money from one of your balances into another currency at a quoted rate.',
    },
  ].filter((way) => way !== false);
  return (
    <div className="flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Add funds</h1>
        <p className="text-sm text-ink-muted">Choose how to add money to a balance.</p>
      </div>
      {ways.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {ways.map((way) => (
            <Way key={way.to} {...way} />
          ))}
        </ul>
      ) : (
        <p className="rounded-md border border-dashed border-line px-4 py-8 text-center text-sm text-ink-muted">
          Your role cannot add funds. Ask an owner or admin of your company.
        </p>
      )}
    </div>
  );
}

function Way({
  to,
  icon,
  title,
  text,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
}) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-start gap-4 rounded-lg border border-line bg-surface p-5 hover:border-brand-600 hover:bg-surface-muted"
      >
        {icon}
        <span className="flex flex-col gap-1">
          <span className="font-semibold text-ink">{title}</span>
          <span className="text-sm text-ink-muted">{text}</span>
        </span>
      </Link>
    </li>
  );
}
