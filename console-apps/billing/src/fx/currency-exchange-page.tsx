import {
  fxQuoteFieldsSchema,
  positiveAmountSchema,
  type FxQuote,
  type FxQuoteRequest,
} from '@boon/contracts';
import {
  ErrorAlert,
  errorMessage,
  getConsoleConfig,
  useApiClient,
  useSelectedCustomerId,
} from '@boon/console-kit';
import {
  FormAlert,
  FormField,
  showServerErrors,
  useContractForm,
  useIdempotencyKey,
} from '@boon/console-kit/forms';
import { parseMoney } from '@boon/domain';
import { Button, Select, TextField } from '@boon/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import {
  createFxQuote,
  createTrade,
  currencyOptions,
  refreshAfterMoneyMoved,
  useBalanceCurrencies,
} from '../api';
import { QuoteSummary } from './quote-summary';

/** The quote form: the contract's fields, selling an amount, its decimals checked as the server does. */
const quoteFormSchema = fxQuoteFieldsSchema
  .pick({ sellCurrency: true, buyCurrency: true })
  .extend({ sellAmount: positiveAmountSchema })
  .superRefine(({ sellCurrency, buyCurrency, sellAmount }, context) => {
    if (sellCurrency === buyCurrency) {
      context.addIssue({
        code: 'custom',
        path: ['buyCurrency'],
        message: 'Choose two different currencies',
      });
    }
    const parsed = parseMoney(sellAmount, sellCurrency);
    if (!parsed.ok && parsed.error.code === 'too_many_decimals') {
      context.addIssue({ code: 'custom', path: ['sellAmount'], message: parsed.error.message });
    }
  });

/** Seconds left on a quote, from a clock that ticks once a second while the page is shown. */
function useSecondsLeft(expiresAt: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!expiresAt) return 0;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

/**
 * Boon FX (spec 2.5 add-funds/currency-exchange): sell an amount of one balance for
 * another currency. A quote fixes the rate and the fee for a minute; Exchange makes it, once.
 */
export function CurrencyExchangePage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const customerId = useSelectedCustomerId();
  const product = getConsoleConfig().productName;
  const options = currencyOptions(useBalanceCurrencies(customerId));
  const form = useContractForm(quoteFormSchema, { defaultValues: { sellAmount: '' } });
  const [quote, setQuote] = useState<FxQuote | null>(null);
  const secondsLeft = useSecondsLeft(quote?.expiresAt);
  const expired = quote !== null && secondsLeft === 0;
  const attemptKey = useIdempotencyKey();
  const busy = useRef(false);
  const [tradeError, setTradeError] = useState('');

  const ask = useMutation({
    mutationFn: (request: FxQuoteRequest) => createFxQuote(api, request),
    onSuccess: (offered: FxQuote) => {
      setTradeError('');
      setQuote(offered);
      attemptKey.renew();
    },
    onSettled: () => {
      busy.current = false;
    },
    onError: (error) =>
      showServerErrors(form, error, {
        failure: "We couldn't get a quote",
        codes: { currency_not_a_float: 'buyCurrency' },
      }),
  });
  const exchange = useMutation({
    mutationFn: (offered: FxQuote) =>
      createTrade(api, offered.quoteId, attemptKey.for(offered.quoteId)),
    onSuccess: async (trade) => {
      await refreshAfterMoneyMoved(queryClient, customerId);
      await navigate({
        to: '/billing/add-funds/currency-exchange/trade-success/$tradeId',
        params: { tradeId: trade.tradeId },
      });
    },
    onSettled: () => {
      busy.current = false;
    },
    onError: (error) => setTradeError(`The exchange didn't go through: ${errorMessage(error)}`),
  });

  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">{product} FX</h1>
        <p className="text-sm text-ink-muted">
          Move money between your balances in different currencies. A quote fixes the rate and the
          fee for one minute.
        </p>
      </div>
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) =>
          form.submit((request) => {
            if (busy.current) return;
            busy.current = true;
            setQuote(null);
            ask.mutate(request);
          })(event)
        }
      >
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField
            form={form}
            name="sellCurrency"
            as={Select}
            label="You sell"
            placeholder="Select a balance"
            options={options}
          />
          <FormField
            form={form}
            name="buyCurrency"
            as={Select}
            label="You get"
            placeholder="Select a balance"
            options={options}
          />
        </div>
        <FormField
          form={form}
          name="sellAmount"
          as={TextField}
          label="Amount to sell, fee included"
          inputMode="decimal"
          autoComplete="off"
          hideCounter
        />
        <p role="status" className="text-sm text-ink-muted empty:hidden">
          {ask.isPending ? 'Getting a quote…' : exchange.isPending ? 'Exchanging…' : ''}
        </p>
        <FormAlert form={form} />
        <div>
          <Button type="submit" variant={quote ? 'secondary' : 'primary'}>
            {quote ? 'Get a new quote' : 'Get a quote'}
          </Button>
        </div>
      </form>

      {quote ? (
        <section aria-labelledby="quote-heading" className="flex flex-col gap-4">
          <h2 id="quote-heading" className="text-lg font-semibold text-ink">
            Your quote
          </h2>
          <QuoteSummary quote={quote} />
          {expired ? (
            <ErrorAlert>
              This quote has expired, so nothing was exchanged. Get a new quote.
            </ErrorAlert>
          ) : (
            <>
              <p className="text-sm text-ink-muted">
                Valid for {secondsLeft} more {secondsLeft === 1 ? 'second' : 'seconds'}.
              </p>
              <div>
                <Button
                  onClick={() => {
                    if (busy.current) return;
                    busy.current = true;
                    setTradeError('');
                    exchange.mutate(quote);
                  }}
                >
                  Exchange
                </Button>
              </div>
            </>
          )}
          {tradeError ? <ErrorAlert>{tradeError}</ErrorAlert> : null}
        </section>
      ) : null}
    </div>
  );
}
