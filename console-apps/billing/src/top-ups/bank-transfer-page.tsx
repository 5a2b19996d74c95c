import { bankTopUpCreateSchema, type BankTopUpCreate, type TopUp } from '@boon/contracts';
import { useApiClient, useSelectedCustomerId } from '@boon/console-kit';
import {
  FormAlert,
  FormField,
  showServerErrors,
  useContractForm,
  useIdempotencyKey,
} from '@boon/console-kit/forms';
import { parseMoney } from '@boon/domain';
import { Button, Select, TextField, secondaryLinkClasses } from '@boon/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import {
  createBankTopUp,
  currencyOptions,
  refreshAfterMoneyMoved,
  useBalanceCurrencies,
} from '../api';

/**
 * The bank top-up as this form asks it: the contract's fields, and the currency's decimals
 * checked as the server checks them (the domain's parseMoney), so "1.234" GBP is refused here
 * with the server's words before anything is sent.
 */
const bankTransferFormSchema = bankTopUpCreateSchema
  .omit({ method: true })
  .superRefine(({ currency, amount }, context) => {
    const parsed = parseMoney(amount, currency);
    if (!parsed.ok && parsed.error.code === 'too_many_decimals') {
      context.addIssue({ code: 'custom', path: ['amount'], message: parsed.error.message });
    }
  });

/**
 * Bank transfer (spec 2.5 add-funds/bank-transfer): which balance to add to and how much. The
 * next step (bank-details) gives the reference and the account to pay; the balance rises when
 * the money arrives.
 */
export function BankTransferPage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const customerId = useSelectedCustomerId();
  const floats = useBalanceCurrencies(customerId);
  const currencyOptionList = currencyOptions(floats);

  const form = useContractForm(bankTransferFormSchema, {
    defaultValues: { currency: floats.length === 1 ? floats[0] : undefined, amount: '' },
  });
  const attemptKey = useIdempotencyKey();
  const sending = useRef(false);
  const send = useMutation({
    mutationFn: (topUp: BankTopUpCreate) => createBankTopUp(api, topUp, attemptKey.for(topUp)),
    onSuccess: async (topUp: TopUp) => {
      attemptKey.renew();
      await refreshAfterMoneyMoved(queryClient, customerId);
      await navigate({
        to: '/billing/add-funds/bank-transfer/bank-details',
        search: { topUpId: topUp.topUpId },
      });
    },
    onSettled: () => {
      sending.current = false;
    },
    onError: (error) => {
      showServerErrors(form, error, {
        failure: "We couldn't start the bank transfer",
        codes: { currency_not_a_float: 'currency' },
      });
    },
  });

  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Add funds by bank transfer</h1>
        <p className="text-sm text-ink-muted">
          Tell us which balance to add to and how much you will send. We then give you the account
          to pay and a reference to quote, so we can match your payment.
        </p>
      </div>
      <form
        noValidate
        className="flex flex-col gap-6"
        onSubmit={(event) =>
          form.submit(({ currency, amount }) => {
            if (sending.current) return;
            sending.current = true;
            send.mutate({ method: 'bank_transfer', currency, amount });
          })(event)
        }
      >
        <FormField
          form={form}
          name="currency"
          as={Select}
          label="Balance"
          placeholder="Select a balance"
          options={currencyOptionList}
        />
        <FormField
          form={form}
          name="amount"
          as={TextField}
          label="Amount you will send"
          inputMode="decimal"
          autoComplete="off"
          hint="In the balance's currency, for example 500 or 500.00."
          hideCounter
        />
        <p role="status" className="text-sm text-ink-muted empty:hidden">
          {send.isPending ? 'Preparing your bank details…' : ''}
        </p>
        <FormAlert form={form} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit">Continue</Button>
          <Link to="/billing" className={secondaryLinkClasses}>
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}
