import {
  cardTopUpFieldsSchema,
  type CardTopUpCreate,
  type SavedCard,
  type TopUp,
} from '@boon/contracts';
import {
  ErrorAlert,
  formatAmount,
  isApiError,
  NO_RESPONSE_STATUS,
  useApiClient,
  useHasPermission,
  useSelectedCustomerId,
} from '@boon/console-kit';
import {
  FORM_ERROR,
  FormAlert,
  FormField,
  showServerErrors,
  useContractForm,
  useIdempotencyKey,
} from '@boon/console-kit/forms';
import {
  CARD_FEE_BASIS_POINTS,
  CARD_PAYMENT_CURRENCIES,
  cardCharge,
  cardTopUpMaxMinor,
  isCardPaymentCurrency,
  moneyFromMinor,
  parseMoney,
  toDecimalString,
} from '@boon/domain';
import { Button, Checkbox, RadioGroup, Select, TextField, secondaryLinkClasses } from '@boon/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import {
  billingQueryKeys,
  confirmCardTopUp,
  createCardTopUp,
  currencyOptions,
  refreshAfterMoneyMoved,
  storeCard,
  useBalanceCurrencies,
  useBalanceCurrenciesStatus,
  useCardFees,
  useSavedCards,
} from '../api';
import { CardFrame, type CardFrameHandle } from './card-frame';
import { ChallengeDialog } from './challenge-dialog';
import { cardLabel } from './card-label';
import { cardFailureTexts } from '../top-ups';

const NEW_CARD = 'new';

/**
 * The card top-up as this form asks it: the contract's currency and amount, which card, and
 * whether to keep a new one. The decimals, the card currencies and the most one payment may add
 * are the domain's rules, the ones the server applies.
 */
const cardTopUpFormSchema = cardTopUpFieldsSchema
  .pick({ currency: true, amount: true })
  .extend({ payWith: z.string().min(1, 'Choose a card'), saveCard: z.boolean() })
  .superRefine(({ currency, amount }, context) => {
    if (!isCardPaymentCurrency(currency)) {
      context.addIssue({
        code: 'custom',
        path: ['currency'],
        message: `Cards can add funds to ${CARD_PAYMENT_CURRENCIES.join(', ')} balances only.`,
      });
      return;
    }
    const parsed = parseMoney(amount, currency);
    if (!parsed.ok) {
      if (parsed.error.code === 'too_many_decimals') {
        context.addIssue({ code: 'custom', path: ['amount'], message: parsed.error.message });
      }
      return;
    }
    const max = cardTopUpMaxMinor(currency);
    if (parsed.value.minor > max) {
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `One card payment can add at most ${toDecimalString(moneyFromMinor(currency, max))} ${currency}. For more, add funds by bank transfer.`,
      });
    }
  });

type Phase = 'idle' | 'reading-card' | 'paying' | 'confirming-with-bank' | 'confirming';

const phaseTexts: Record<Exclude<Phase, 'idle'>, string> = {
  'reading-card': 'Checking the card details…',
  paying: 'Taking the payment…',
  'confirming-with-bank': 'Waiting for your bank to confirm…',
  confirming: 'Checking the payment with your bank…',
};

/** Spec 2.5 add-funds/card-top-up (spec 6: write:top_up_by_card and read:payment_cards). */
export function CardTopUpPage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const customerId = useSelectedCustomerId();
  const cardFees = useCardFees(customerId) ?? false;
  const floats = useBalanceCurrencies(customerId);
  const floatsStatus = useBalanceCurrenciesStatus(customerId);
  const currencies = useMemo(() => floats.filter(isCardPaymentCurrency), [floats]);
  const savedCards = useSavedCards(customerId);
  const mayStoreCards = useHasPermission('write:payment_cards');
  const cards = savedCards.data ?? [];

  const form = useContractForm(cardTopUpFormSchema, {
    defaultValues: {
      currency: currencies.length === 1 ? currencies[0] : undefined,
      amount: '',
      payWith: NEW_CARD,
      saveCard: false,
    },
  });
  const frame = useRef<CardFrameHandle>(null);
  const attemptKey = useIdempotencyKey();
  // A new card's token stays with the attempt until the server answers it: after a lost answer,
  // paying again sends the same token under the same key, so the card is never charged twice.
  const attempt = useRef<CardTopUpCreate | null>(null);
  // Shown while an attempt is unanswered: the form is locked to what was sent.
  const [unanswered, setUnanswered] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [challenge, setChallenge] = useState<{ topUpId: string; url: string } | null>(null);
  const busy = phase !== 'idle';

  const [currency, amount, payWith] = form.watch(['currency', 'amount', 'payWith']);
  // The newest stored card is the likeliest choice, once the cards are known and if untouched.
  const firstCardId = cards[0]?.cardId;
  useEffect(() => {
    if (firstCardId && !form.getFieldState('payWith').isDirty) {
      form.setValue('payWith', firstCardId);
    }
  }, [firstCardId, form]);
  const parsed = currency && isCardPaymentCurrency(currency) ? parseMoney(amount, currency) : null;
  const charge =
    parsed?.ok && parsed.value.minor > 0n ? cardCharge(parsed.value.minor, cardFees) : null;
  const shown = (minor: bigint) =>
    formatAmount(toDecimalString(moneyFromMinor(currency!, minor)), currency!);

  async function finish(topUp: TopUp) {
    attempt.current = null;
    attemptKey.renew();
    setUnanswered(false);
    await refreshAfterMoneyMoved(queryClient, customerId);
    if (topUp.status === 'COMPLETED') {
      await navigate({
        to: '/billing/add-funds/card-top-up/card-success/$topUpId',
        params: { topUpId: topUp.topUpId },
      });
      return;
    }
    setPhase('idle');
    form.setError(FORM_ERROR as never, {
      type: 'server',
      message:
        topUp.status === 'FAILED' && topUp.failureReason
          ? `${cardFailureTexts[topUp.failureReason]} Try again, or use another card.`
          : 'Your bank has not confirmed the payment yet. We add the funds as soon as it does; you can follow it in your recent top-ups.',
    });
  }

  async function pay(values: z.output<typeof cardTopUpFormSchema>) {
    if (busy) return;
    try {
      // After an attempt that got no answer, Pay sends that very request again, under its key:
      // the card is charged once, whatever was changed on the form meanwhile (it is locked).
      let request = attempt.current;
      if (!request) {
        let source: { cardToken: string } | { savedCardId: string };
        if (values.payWith === NEW_CARD) {
          setPhase('reading-card');
          const outcome = await frame.current?.tokenize();
          if (!outcome || outcome.kind === 'invalid') {
            setPhase('idle');
            form.setError(FORM_ERROR as never, {
              type: 'server',
              message: 'Check the card details: the card form says what to correct.',
            });
            return;
          }
          if (outcome.kind === 'failed') {
            setPhase('idle');
            form.setError(FORM_ERROR as never, { type: 'server', message: outcome.message });
            return;
          }
          source = { cardToken: outcome.card.token };
          if (values.saveCard && mayStoreCards) {
            const stored = await storeCard(api, outcome.card.token, crypto.randomUUID());
            source = { savedCardId: stored.cardId };
            void queryClient.invalidateQueries({
              queryKey: billingQueryKeys.savedCards(customerId),
            });
          }
        } else {
          source = { savedCardId: values.payWith };
        }
        request = {
          method: 'card' as const,
          currency: values.currency,
          amount: values.amount,
          ...source,
        };
        attempt.current = request;
      }
      setPhase('paying');
      const topUp = await createCardTopUp(api, request, attemptKey.for(request));
      if (topUp.nextAction) {
        setPhase('confirming-with-bank');
        setChallenge({ topUpId: topUp.topUpId, url: topUp.nextAction.url });
        return;
      }
      await finish(topUp);
    } catch (error) {
      // No answer: the payment may have gone through, so the next Pay repeats this attempt.
      if (!isApiError(error) || error.status === NO_RESPONSE_STATUS || error.status >= 500) {
        setUnanswered(attempt.current !== null);
        setPhase('idle');
        showServerErrors(form, error, { failure: "We couldn't take the card payment" });
        return;
      }
      attempt.current = null;
      attemptKey.renew();
      setUnanswered(false);
      setPhase('idle');
      // A refusal's own sentence says what happened and what to do.
      showServerErrors(form, error, {
        codes: {
          currency_not_a_float: 'currency',
          card_currency_not_supported: 'currency',
          card_amount_too_large: 'amount',
        },
      });
    }
  }

  async function confirm(topUpId: string) {
    setChallenge(null);
    setPhase('confirming');
    try {
      await finish(await confirmCardTopUp(api, topUpId));
    } catch (error) {
      setPhase('idle');
      showServerErrors(form, error, { failure: "We couldn't check the card payment" });
    }
  }

  if (floatsStatus !== 'ready') {
    return (
      <div className="flex w-full max-w-2xl flex-col gap-4">
        <h1 className="text-2xl font-semibold text-ink">Add funds by card</h1>
        {floatsStatus === 'loading' ? (
          <p role="status" className="text-sm text-ink-muted">
            Loading your balances…
          </p>
        ) : (
          <ErrorAlert>
            We couldn&apos;t load your balances. Reload the page to try again.
          </ErrorAlert>
        )}
      </div>
    );
  }

  if (currencies.length === 0) {
    return (
      <div className="flex w-full max-w-2xl flex-col gap-4">
        <h1 className="text-2xl font-semibold text-ink">Add funds by card</h1>
        <p className="rounded-md border border-dashed border-line px-4 py-8 text-center text-sm text-ink-muted">
          Cards can add funds to {CARD_PAYMENT_CURRENCIES.join(', ')} balances, and your company has
          none of these. Add funds by bank transfer instead.
        </p>
        <div>
          <Link to="/billing/add-funds" className={secondaryLinkClasses}>
            Back to add funds
          </Link>
        </div>
      </div>
    );
  }

  const payOptions = [
    ...cards.map((card: SavedCard) => ({
      id: card.cardId,
      value: card.cardId,
      label: cardLabel(card),
    })),
    { id: NEW_CARD, value: NEW_CARD, label: 'A new card' },
  ];

  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Add funds by card</h1>
        <p className="text-sm text-ink-muted">
          The amount is added to your balance as soon as the card payment is confirmed.
        </p>
      </div>
      <form
        noValidate
        className="flex flex-col gap-6"
        onSubmit={(event) => form.submit((values) => void pay(values))(event)}
      >
        {unanswered ? (
          <p className="rounded-md border border-line bg-surface-muted px-4 py-3 text-sm text-ink">
            Your last payment got no answer, so it may have gone through. Pay again to finish that
            same payment: its details are locked, so your card is charged once.
          </p>
        ) : null}
        <fieldset disabled={unanswered} className="m-0 flex min-w-0 flex-col gap-6 border-0 p-0">
          <FormField
            form={form}
            name="currency"
            as={Select}
            label="Balance"
            placeholder="Select a balance"
            options={currencyOptions(currencies)}
          />
          <FormField
            form={form}
            name="amount"
            as={TextField}
            label="Amount to add"
            inputMode="decimal"
            autoComplete="off"
            hint="In the balance's currency, for example 500 or 500.00."
            hideCounter
          />
          {savedCards.isError ? (
            <p className="text-sm text-ink-muted">
              Your stored cards could not be loaded; you can still pay with a new card.
            </p>
          ) : null}
          {cards.length > 0 ? (
            <FormField
              form={form}
              name="payWith"
              as={RadioGroup}
              label="Pay with"
              options={payOptions}
            />
          ) : null}
          {payWith === NEW_CARD ? (
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-sm font-semibold text-ink">Card details</legend>
              <CardFrame
                ref={frame}
                onSubmitRequest={() => void form.submit((values) => void pay(values))()}
              />
              {mayStoreCards ? (
                <FormField
                  form={form}
                  name="saveCard"
                  as={Checkbox}
                  label="Save this card for future top-ups"
                />
              ) : null}
            </fieldset>
          ) : null}
        </fieldset>
        {charge ? (
          <section
            aria-labelledby="card-charge"
            className="rounded-md border border-line bg-surface-muted px-4 py-3"
          >
            <h2 id="card-charge" className="sr-only">
              What you pay
            </h2>
            <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
              <dt className="text-ink-muted">Added to your balance</dt>
              <dd className="text-right font-medium tabular-nums text-ink">
                {shown(charge.amount)}
              </dd>
              {cardFees ? (
                <>
                  <dt className="text-ink-muted">
                    Card fee ({Number(CARD_FEE_BASIS_POINTS) / 100}%)
                  </dt>
                  <dd className="text-right font-medium tabular-nums text-ink">
                    {shown(charge.fee)}
                  </dd>
                </>
              ) : null}
              <dt className="font-semibold text-ink">Charged to your card</dt>
              <dd className="text-right font-semibold tabular-nums text-ink">
                {shown(charge.total)}
              </dd>
            </dl>
          </section>
        ) : null}
        <p role="status" className="text-sm text-ink-muted empty:hidden">
          {phase === 'idle' ? '' : phaseTexts[phase]}
        </p>
        <FormAlert form={form} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {charge ? `Pay ${shown(charge.total)}` : 'Pay'}
          </Button>
          <Link to="/billing/add-funds" className={secondaryLinkClasses}>
            Cancel
          </Link>
        </div>
      </form>
      {challenge ? (
        <ChallengeDialog
          url={challenge.url}
          onAnswered={() => void confirm(challenge.topUpId)}
          onClose={() => void confirm(challenge.topUpId)}
        />
      ) : null}
    </div>
  );
}
