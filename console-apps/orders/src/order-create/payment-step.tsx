import type { OrderCreate, OrderEstimate } from '@boon/contracts';
import {
  ErrorAlert,
  errorMessage,
  formatAmount,
  isApiError,
  NO_RESPONSE_STATUS,
  useApiClient,
  useDateFormat,
  useSelectedCustomerId,
} from '@boon/console-kit';
import {
  serverFieldErrors,
  showServerErrors,
  type ServerErrorOptions,
} from '@boon/console-kit/forms';
import { Button, primaryLinkClasses, secondaryLinkClasses, Select } from '@boon/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { createOrder, ordersQueryKeys, useOrderEstimate } from '../api';
import {
  AmountRow,
  amountWithCode,
  FxPaymentRows,
  fxName,
  usePayingBalances,
} from '../order-parts';
import { useOrderDraft, type OrderForm } from './order-context';
import {
  formPathOf,
  orderDefaults,
  orderFormSchema,
  stepOfField,
  toOrderCreate,
  type OrderStep,
} from './order-form';

const stepPaths = {
  create: '/order/create',
  quantity: '/order/quantity',
  payment: '/order/payment',
} as const satisfies Record<OrderStep, string>;

/**
 * Where a refusal of the order lands on its form: the body's paths (body.faceValue → faceValue,
 * body.recipients.3.email → recipients.3.email), and the catalogue refusals about one field.
 */
const refusalOnForm = {
  paths: formPathOf,
  codes: {
    product_not_found: 'productCodes',
    product_unavailable: 'productCodes',
    order_currency_not_enabled: 'currency',
    currency_not_a_float: 'currency',
  },
  // The payment step says the refusal itself; the steps it sends back to show their fields'.
  formAlert: false,
} satisfies ServerErrorOptions<typeof orderFormSchema>;

/** The earliest step where a refusal's fields are asked for; null when none is a field. */
function stepOfRefusal(form: OrderForm, error: unknown): OrderStep | null {
  const steps = serverFieldErrors(form, error, refusalOnForm).map(({ field }) =>
    stepOfField(field),
  );
  if (steps.length === 0) return null;
  return steps.includes('create') ? 'create' : 'quantity';
}

/** What the order takes from the balance that pays: its total, or the exchange's. */
function amountPaid(estimate: OrderEstimate): string {
  return estimate.payment
    ? amountWithCode(estimate.payment.total, estimate.payment.currency)
    : formatAmount(estimate.totals.total, estimate.currency);
}

function PriceSummary({ estimate }: { estimate: OrderEstimate }) {
  const { totals, currency, itemCount, balance, payment } = estimate;
  const money = (amount: string) => formatAmount(amount, currency);
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <section aria-labelledby="price-heading" className="rounded-md border border-line p-4">
        <h2 id="price-heading" className="text-lg font-semibold text-ink">
          {payment ? `Price in ${currency}` : 'Price'}
        </h2>
        <dl className="mt-2 divide-y divide-line text-sm">
          <AmountRow
            label={`Face value (${itemCount} ${itemCount === 1 ? 'reward' : 'rewards'})`}
            value={money(totals.faceValue)}
          />
          <AmountRow label="Discount" value={`−${money(totals.discount)}`} />
          <AmountRow label="Fees" value={money(totals.fees)} />
          <AmountRow label="Total" value={money(totals.total)} strong />
        </dl>
      </section>
      <section aria-labelledby="balance-heading" className="rounded-md border border-line p-4">
        <h2 id="balance-heading" className="text-lg font-semibold text-ink">
          Paid from your {balance.currency} balance
        </h2>
        <dl className="mt-2 divide-y divide-line text-sm">
          {payment ? (
            <FxPaymentRows
              payment={payment}
              total={totals.total}
              currency={currency}
              takenLabel="Taken from the balance"
            />
          ) : null}
          <AmountRow
            label="Available now"
            value={formatAmount(balance.available, balance.currency)}
          />
          <AmountRow
            label="After this order"
            value={formatAmount(balance.after, balance.currency)}
            strong
          />
        </dl>
      </section>
    </div>
  );
}

function InsufficientFunds({ estimate }: { estimate: OrderEstimate }) {
  const { balance } = estimate;
  return (
    <div className="flex flex-col gap-3">
      <ErrorAlert>
        Your {balance.currency} balance has {formatAmount(balance.available, balance.currency)}{' '}
        available, and this order costs {amountPaid(estimate)}. Add funds to your balance, pay from
        another balance, or order fewer or smaller rewards.
      </ErrorAlert>
      <div>
        <Link to="/billing/add-funds" className={primaryLinkClasses}>
          Add funds
        </Link>
      </div>
    </div>
  );
}

/** The estimate's refusal: its sentence, and the step where the order can be corrected. */
function EstimateProblem({ error, form }: { error: unknown; form: OrderForm }) {
  const step = stepOfRefusal(form, error);
  useEffect(() => {
    showServerErrors(form, error, refusalOnForm);
  }, [form, error]);
  return (
    <div className="flex flex-col gap-3">
      <ErrorAlert>We couldn&apos;t price this order: {errorMessage(error)}</ErrorAlert>
      {step ? (
        <div>
          <Link to={stepPaths[step]} className={secondaryLinkClasses}>
            {step === 'create' ? 'Correct the reward details' : 'Correct the recipients'}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

function PaymentStep({ order: asked }: { order: OrderCreate }) {
  const { form, submissionKey, choose } = useOrderDraft();
  const paying = usePayingBalances()?.optionsFor(asked.currency);
  const [chosenPayFrom, setPayFrom] = useState<string | null>(null);
  const payFrom = chosenPayFrom ?? paying?.[0]?.value ?? null;
  // Another currency's balance pays with FX; the order's own needs no payFrom.
  const order = useMemo<OrderCreate>(
    () => (payFrom && payFrom !== asked.currency ? { ...asked, payFrom } : asked),
    [asked, payFrom],
  );
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const customerId = useSelectedCustomerId();
  // Asked once the paying balance is known, so the price is never shown for the wrong one.
  const estimate = useOrderEstimate(customerId, paying ? order : null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; unanswered: boolean } | null>(null);
  const { formatDateTime } = useDateFormat();

  async function pay() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    // The same order is sent under the same key, so paying again after a lost answer orders once.
    const key = submissionKey.for(order);
    try {
      const placed = await createOrder(api, order, key);
      submissionKey.renew();
      void queryClient.invalidateQueries({ queryKey: ordersQueryKeys.orders(customerId) });
      void queryClient.invalidateQueries({ queryKey: ordersQueryKeys.balances(customerId) });
      queryClient.setQueryData(ordersQueryKeys.order(customerId, placed.orderId), placed);
      await navigate({
        to: '/order/complete/$orderId',
        params: { orderId: placed.orderId },
      });
      // The next reward starts afresh (after leaving this step, which needs a whole order).
      form.reset(orderDefaults(order.deliveryType));
      choose([]);
    } catch (error) {
      setBusy(false);
      if (!isApiError(error) || error.status === NO_RESPONSE_STATUS || error.status >= 500) {
        setProblem({
          text: `We couldn't place the order: ${errorMessage(error)} It may have gone through. Pay again to finish this same order: it is placed once, whatever happened.`,
          unanswered: true,
        });
        return;
      }
      submissionKey.renew();
      if (error.code === 'insufficient_funds') {
        void estimate.refetch();
        setProblem({ text: errorMessage(error), unanswered: false });
        return;
      }
      const step = stepOfRefusal(form, error);
      if (step) {
        // Placed once the step is on screen, so focus goes to the first field in error.
        await navigate({ to: stepPaths[step] });
        showServerErrors(form, error, refusalOnForm);
        return;
      }
      setProblem({ text: errorMessage(error), unanswered: false });
    }
  }

  const ready = estimate.isSuccess && estimate.data.balance.sufficient;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Payment</h1>
        <p className="text-sm text-ink-muted">
          {order.deliveryType === 'link'
            ? `${order.quantity ?? 0} links`
            : `${order.recipients?.length ?? 0} rewards by e-mail`}
          {order.deliverAt
            ? `, held from your balance when you place the order. ${order.deliveryType === 'link' ? 'The links are created' : 'The rewards go out'} on ${formatDateTime(order.deliverAt)}.`
            : ', paid from your balance when you place the order.'}
        </p>
      </div>
      {paying && paying.length > 1 ? (
        <Select
          label="Pay from"
          options={paying}
          value={payFrom}
          onChange={(value) => {
            if (value) setPayFrom(value);
          }}
          hint={`A balance in another currency pays with ${fxName()}, at the rate shown below, fee included.`}
          className="max-w-md"
        />
      ) : null}
      {estimate.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          Working out the price…
        </p>
      ) : estimate.isError ? (
        <EstimateProblem error={estimate.error} form={form} />
      ) : (
        <>
          <PriceSummary estimate={estimate.data} />
          {estimate.data.balance.sufficient ? null : <InsufficientFunds estimate={estimate.data} />}
        </>
      )}
      {problem ? <ErrorAlert>{problem.text}</ErrorAlert> : null}
      <p role="status" className="text-sm text-ink-muted empty:hidden">
        {busy ? 'Placing your order…' : ''}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void pay()} disabled={!ready || busy}>
          {`Pay${ready ? ` ${amountPaid(estimate.data)}` : ''} and ${order.deliverAt ? 'schedule' : 'send'}`}
        </Button>
        <Link to="/order/quantity" className={secondaryLinkClasses}>
          Back
        </Link>
      </div>
    </div>
  );
}

/** The payment step (spec 2.4): the price from POST /orders/estimate, then POST /orders. */
export function PaymentStepPage() {
  const { form } = useOrderDraft();
  // Checked once, when the step opens: a scheduled time that passes while the price is on screen
  // is the server's to refuse, and its objection lands back on the field.
  const [checked] = useState(() => orderFormSchema.safeParse(form.getValues()));
  useEffect(() => {
    if (checked.success) return;
    // The time chosen has passed since: say so at the field the order goes back to.
    const late = checked.error.issues.find((issue) => issue.path[0] === 'deliverAt');
    if (late) form.setError('deliverAt', { type: 'validate', message: late.message });
  }, [checked, form]);
  // Reached without a complete order (a reload, a bookmark): the order starts at its first step.
  if (!checked.success) return <Navigate to="/order/create" replace />;
  return <PaymentStep order={toOrderCreate(checked.data)} />;
}
