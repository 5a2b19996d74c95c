import {
  errorMessage,
  formatAmount,
  useFeatureToggle,
  useHasPermission,
  useSelectedCustomerId,
} from '@boon/console-kit';
import { Badge, Button, Flag, secondaryLinkClasses } from '@boon/ui';
import { Link } from '@tanstack/react-router';
import { useBalances, useConfiguredFloats } from '../api';
import { AddFundsEntry } from '../balances-terms';
import { balanceCards, forecastText, type BalanceCard } from './balance-cards';
import { RecentTopUps } from './recent-top-ups';

/**
 * Balances (billing home): one card per float with what can be spent now, what is
 * on its way in, and how long it lasts at the last 30 days' pace.
 */
export function BalancesPage() {
  const customerId = useSelectedCustomerId();
  const balances = useBalances(customerId);
  // Balances lead to the ways of adding funds that need the balances terms; FX has its own entry.
  const mayTopUpByBank = useHasPermission('write:top_up_by_bank');
  const mayTopUpByCard = useHasPermission('write:top_up_by_card');
  const mayAddFunds = mayTopUpByBank || mayTopUpByCard;
  const floats = useConfiguredFloats(customerId);
  const cards = balances.data ? balanceCards(balances.data, floats) : [];
  const lowBadges = useFeatureToggle('lowBalanceBadges');

  return (
    <div className="flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold text-ink">Balances</h1>
          <p className="text-sm text-ink-muted">
            Rewards are paid from these balances. Amounts are shown as of now, in UTC.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/billing/balance-notifications" className={secondaryLinkClasses}>
            Low-balance notifications
          </Link>
          {mayAddFunds ? <AddFundsEntry /> : null}
        </div>
      </div>

      {balances.isPending ? (
        <ul aria-busy="true" aria-label="Loading balances" className={gridClasses}>
          {[0, 1, 2].map((placeholder) => (
            <li key={placeholder} className={`${cardClasses} h-36 animate-pulse`} />
          ))}
        </ul>
      ) : balances.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-md bg-danger-surface px-4 py-3 text-sm text-danger"
        >
          <span>We couldn&apos;t load your balances: {errorMessage(balances.error)}</span>
          <Button variant="secondary" onClick={() => void balances.refetch()}>
            Try again
          </Button>
        </div>
      ) : cards.length === 0 ? (
        <p className="rounded-md border border-dashed border-line px-4 py-8 text-center text-sm text-ink-muted">
          This company has no balances yet. Once a balance currency is set up and funded, it shows
          here.
        </p>
      ) : (
        <ul aria-label="Balances" className={gridClasses}>
          {cards.map((card) => (
            <BalanceCardItem key={card.currency.code} card={card} showLow={lowBadges} />
          ))}
        </ul>
      )}
      <RecentTopUps />
    </div>
  );
}

const gridClasses = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3';
const cardClasses = 'rounded-lg border border-line bg-surface p-5 shadow-sm';

function BalanceCardItem({ card, showLow }: { card: BalanceCard; showLow: boolean }) {
  const { code, title, region } = card.currency;
  const forecast = forecastText(card.runsOutInDays);
  const headingId = `balance-${code}`;
  return (
    <li aria-labelledby={headingId} className={`${cardClasses} flex flex-col gap-3`}>
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-ink">
        <Flag region={region} />
        <span>
          {code} <span className="font-normal text-ink-muted">· {title}</span>
        </span>
      </h2>
      <div className="flex flex-col">
        <span className="text-xs font-medium tracking-wide text-ink-muted uppercase">
          Available
        </span>
        <span className="text-2xl font-semibold text-ink tabular-nums">
          {formatAmount(card.available, code)}
        </span>
      </div>
      {card.hasPending ? (
        <p className="text-sm text-ink tabular-nums">
          {formatAmount(card.pending, code)} <span className="text-ink-muted">pending</span>
        </p>
      ) : null}
      {forecast ? <p className="text-sm text-ink-muted">{forecast}</p> : null}
      {showLow && card.low && card.lowBalanceThreshold ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink">
          <Badge tone="danger">Low balance</Badge>
          <span>Under your {formatAmount(card.lowBalanceThreshold, code)} threshold</span>
        </p>
      ) : null}
    </li>
  );
}
