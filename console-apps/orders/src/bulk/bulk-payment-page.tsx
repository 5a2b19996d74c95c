import {
  BULK_BATCH_ABANDONED_DAYS,
  orderingApi,
  type BulkEstimate,
  type BulkEstimateRequest,
  type BulkPayFrom,
} from '@boon/contracts';
import {
  ErrorAlert,
  errorMessage,
  formatAmount,
  isApiError,
  useApiClient,
  useSelectedCustomerId,
} from '@boon/console-kit';
import { Button, primaryLinkClasses, secondaryLinkClasses, Select } from '@boon/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { bulkQueryKeys, ordersQueryKeys, useBulkEstimate } from '../api';
import {
  AmountRow,
  amountWithCode,
  FxPaymentRows,
  fxName,
  usePayingBalances,
} from '../order-parts';
import { useBulkDraft } from './bulk-context';
import { estimateGroups, submitBulkOrder, type SubmitProgress } from './bulk-submit';

type CurrencyEntry = BulkEstimate['currencies'][number];
type BalanceEntry = BulkEstimate['balances'][number];

/** What the rewards in one currency cost, and the exchange when another balance pays them. */
function CurrencySummary({ entry }: { entry: CurrencyEntry }) {
  const money = (amount: string) => formatAmount(amount, entry.currency);
  const { payment } = entry;
  return (
    <section
      aria-labelledby={`bulk-${entry.currency}`}
      className="flex flex-col gap-2 rounded-md border border-line p-4"
    >
      <h2 id={`bulk-${entry.currency}`} className="text-lg font-semibold text-ink">
        {entry.currency}: {entry.items.toLocaleString()} {entry.items === 1 ? 'reward' : 'rewards'}{' '}
        in {entry.orders} {entry.orders === 1 ? 'order' : 'orders'}
      </h2>
      <dl className="divide-y divide-line text-sm">
        <AmountRow label="Face value" value={money(entry.faceValue)} />
        <AmountRow label="Discount" value={`−${money(entry.discount)}`} />
        <AmountRow label="Fees" value={money(entry.fees)} />
        <AmountRow label="Total" value={money(entry.total)} strong />
        {payment ? (
          <FxPaymentRows
            payment={payment}
            total={entry.total}
            currency={entry.currency}
            takenLabel={`Taken from your ${payment.currency} balance`}
          />
        ) : null}
      </dl>
    </section>
  );
}

/** A balance that pays: what it has, what this bulk order takes, and what is left. */
function BalanceSummary({ balance, choice }: { balance: BalanceEntry; choice: boolean }) {
  const money = (amount: string) => formatAmount(amount, balance.currency);
  return (
    <section
      aria-labelledby={`bulk-balance-${balance.currency}`}
      className="flex flex-col gap-2 rounded-md border border-line p-4"
    >
      <h2 id={`bulk-balance-${balance.currency}`} className="text-lg font-semibold text-ink">
        Your {balance.currency} balance
      </h2>
      <dl className="divide-y divide-line text-sm">
        <AmountRow label="Available now" value={money(balance.available)} />
        <AmountRow label="This bulk order takes" value={money(balance.total)} />
        <AmountRow label="After this order" value={money(balance.after)} strong />
      </dl>
      {balance.sufficient ? null : (
        <ErrorAlert>
          Your {balance.currency} balance has {money(balance.available)} available, and these
          rewards take {money(balance.total)}. Add funds to your balance
          {choice ? ', pay from another balance,' : ''} or send fewer or smaller rewards.
        </ErrorAlert>
      )}
    </section>
  );
}

/**
 * Refusals of a bulk order's start or chunks that show its rows were not paid (the last chunk
 * pays in its own transaction, all or nothing): the chunk's own refusals, as its contract lists
 * them, and a request refused as invalid. A chunk in conflict may meet a batch already paid, and
 * any other answer (none, a busy server, a lapsed session) leaves the batch possibly paid.
 */
const nothingPaid = new Set<string>([
  ...orderingApi.addBulkOrderChunk.errors.filter((code) => code !== 'bulk_chunk_conflict'),
  'validation_error',
]);

/** The price in one sentence, for screen readers: what each paying balance gives. */
function pricedSentence(estimate: BulkEstimate): string {
  const parts = estimate.balances.map(
    (balance) =>
      `your ${balance.currency} balance pays ${formatAmount(balance.total, balance.currency)}${balance.sufficient ? '' : `, more than the ${formatAmount(balance.available, balance.currency)} it has`}`,
  );
  return `Priced: ${parts.join('; ')}.`;
}

/**
 * /bulk/summary-payment (spec 2.4): what the file's rewards cost per currency
 * and each balance after, then paying: the rows go in chunks with progress, and a lost connection
 * carries on where the server is, under the same batch.
 */
export function BulkPaymentPage() {
  const {
    file,
    ready,
    batchKeyFor,
    renewBatchKey,
    payingChoices,
    choosePaying,
    payingSent,
    setPayingSent,
  } = useBulkDraft();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const customerId = useSelectedCustomerId();
  const paying = usePayingBalances();
  const groups = useMemo(() => (ready ? estimateGroups(ready) : null), [ready]);
  const currencies = useMemo(
    () => [...new Set((groups ?? []).map((group) => group.currency))],
    [groups],
  );
  // Each currency's paying balance: the person's choice, else the first on offer (its own).
  const chosen = useMemo<BulkPayFrom | null>(() => {
    if (!paying) return null;
    const chosen: BulkPayFrom = {};
    for (const currency of currencies) {
      const options = paying.optionsFor(currency);
      const choice =
        options.find((option) => option.value === payingChoices[currency])?.value ??
        options[0]?.value;
      if (choice && choice !== currency) chosen[currency] = choice;
    }
    return chosen;
  }, [paying, currencies, payingChoices]);
  // A payment that may have gone through keeps its balances, whatever is chosen or offered now.
  const payFrom = payingSent ?? chosen;
  // Asked once the paying balances are known, so the price is never shown for the wrong ones.
  const request = useMemo<BulkEstimateRequest | null>(
    () =>
      groups && payFrom
        ? { groups, ...(Object.keys(payFrom).length > 0 ? { payFrom } : {}) }
        : null,
    [groups, payFrom],
  );
  const estimate = useBulkEstimate(customerId, request);
  const [progress, setProgress] = useState<SubmitProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // Reached without a checked file (a reload, a bookmark): the bulk order starts with its file.
  if (!ready || !file) return <Navigate to="/bulk/create" replace />;
  const rows = ready;

  async function pay() {
    if (busy || !payFrom) return;
    setBusy(true);
    setProblem(null);
    // From here the rows may be paid with these balances: kept until a refusal shows they were not.
    const sending = payFrom;
    setPayingSent(sending);
    try {
      const batch = await submitBulkOrder(
        api,
        rows,
        {
          batchKey: batchKeyFor(sending),
          description: `Bulk order: ${file!.name}`.slice(0, 128),
          payFrom: sending,
        },
        setProgress,
      );
      void queryClient.invalidateQueries({ queryKey: ordersQueryKeys.orders(customerId) });
      void queryClient.invalidateQueries({ queryKey: ordersQueryKeys.balances(customerId) });
      queryClient.setQueryData(bulkQueryKeys.batch(customerId, batch.batchId), batch);
      await navigate({ to: '/bulk/progress/$batchId', params: { batchId: batch.batchId } });
    } catch (error) {
      setBusy(false);
      if (!isApiError(error) || !nothingPaid.has(error.code)) {
        // No answer, or one that does not say the rows went unpaid (a busy server, a lapsed
        // session): the batch may be paid, so paying again carries it on with the same balances.
        setProblem(
          `Sending the rows stopped: ${errorMessage(error)} Pay again to carry on where it stopped: rows already sent are not sent twice, and nothing is paid twice. Until then, the balances that pay stay as they are.`,
        );
        return;
      }
      if (error.code === 'bulk_batch_not_found') {
        // Started long ago and never paid, the batch was discarded: these rows go as a new one.
        renewBatchKey();
        setProblem(
          `We no longer hold this bulk order: an upload left unpaid for ${BULK_BATCH_ABANDONED_DAYS} days is discarded. Nothing was paid. Pay again to send these rows as a new bulk order.`,
        );
        return;
      }
      // Refused for good: nothing is paid, and the balances may be chosen again. Short of money,
      // the same batch carries on once funds are added; refused otherwise (Boon FX turned off
      // meanwhile, say), the start's refusal would be replayed to the same key, so the rows go
      // again as a new batch.
      if (error.code === 'insufficient_funds') setPayingSent(null);
      else renewBatchKey();
      void estimate.refetch();
      setProblem(`${errorMessage(error)} Nothing has been paid.`);
    }
  }

  // The currencies that may be paid from more than one balance (Boon FX on).
  const choices = currencies.flatMap((currency) => {
    const options = paying?.optionsFor(currency) ?? [];
    return options.length > 1 ? [{ currency, options }] : [];
  });
  const balances = estimate.data?.balances ?? [];
  const single = balances.length === 1 ? balances[0] : undefined;
  const exchanged = estimate.data?.currencies.some((entry) => entry.payment) ?? false;
  const payable = estimate.isSuccess && estimate.data.sufficient && payFrom !== null;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Payment</h1>
        <p className="text-sm text-ink-muted">
          {rows.length.toLocaleString()} rewards by e-mail from {file.name}, paid from your balances
          when you place the order: all of it, or nothing.
        </p>
        <div>
          <Link to="/bulk/preview/summary" className={secondaryLinkClasses}>
            Preview the rows
          </Link>
        </div>
      </div>
      {choices.length > 0 ? (
        // One account of the exchange for every choice, rather than the same hint under each.
        <fieldset className="flex flex-col gap-3" aria-describedby="bulk-paying-hint">
          <legend className="text-lg font-semibold text-ink">Which balance pays</legend>
          <p id="bulk-paying-hint" className="text-sm text-ink-muted">
            A balance in another currency pays with {fxName()}, at the rate shown below, fee
            included.
          </p>
          {choices.map(({ currency, options }) => (
            <Select
              key={currency}
              label={currencies.length === 1 ? 'Pay from' : `Pay for the ${currency} rewards from`}
              options={options}
              value={payFrom?.[currency] ?? currency}
              onChange={(value) => {
                if (value) choosePaying(currency, value);
              }}
              className="max-w-md"
              disabled={busy || payingSent !== null}
            />
          ))}
          {payingSent && !busy ? (
            <p className="text-sm text-ink-muted">
              A payment of these rows went out with these balances and may have gone through: pay
              again to finish it with the same balances.
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {/* Always there, so a new price (another balance chosen) is announced as well as shown. */}
      <p role="status" className={estimate.isPending ? 'text-sm text-ink-muted' : 'sr-only'}>
        {estimate.isPending
          ? 'Working out the price…'
          : estimate.isSuccess
            ? pricedSentence(estimate.data)
            : ''}
      </p>
      {estimate.isPending ? null : estimate.isError ? (
        <div className="flex flex-col gap-3">
          <ErrorAlert>
            We couldn&apos;t price these rewards: {errorMessage(estimate.error)}
          </ErrorAlert>
          <div>
            <Link to="/bulk/create" className={secondaryLinkClasses}>
              Back to the spreadsheet
            </Link>
          </div>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          {estimate.data.currencies.map((entry) => (
            <CurrencySummary key={entry.currency} entry={entry} />
          ))}
          {estimate.data.balances.map((balance) => (
            <BalanceSummary
              key={balance.currency}
              balance={balance}
              // Another balance is on offer for the rewards this one pays: with Boon FX on, every
              // balance is on offer for every currency (optionsFor), so for all or for none.
              choice={choices.length > 0}
            />
          ))}
        </div>
      )}
      {estimate.isSuccess && !estimate.data.sufficient ? (
        <div>
          <Link to="/billing/add-funds" className={primaryLinkClasses}>
            Add funds
          </Link>
        </div>
      ) : null}
      {progress && busy ? (
        <div className="flex flex-col gap-2">
          <label htmlFor="bulk-send-progress" className="text-sm text-ink">
            Sending the rows: part {progress.sent} of {progress.total}
          </label>
          <progress
            id="bulk-send-progress"
            max={progress.total}
            value={progress.sent}
            className="h-2 w-full max-w-md"
          />
        </div>
      ) : null}
      <p role="status" className="text-sm text-ink-muted empty:hidden">
        {busy ? 'Placing your bulk order…' : ''}
      </p>
      {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void pay()} disabled={!payable || busy}>
          {single && payable
            ? `Pay ${exchanged ? amountWithCode(single.total, single.currency) : formatAmount(single.total, single.currency)} and send`
            : 'Pay and send'}
        </Button>
        <Link to="/bulk/create" className={secondaryLinkClasses}>
          Back
        </Link>
      </div>
    </div>
  );
}
