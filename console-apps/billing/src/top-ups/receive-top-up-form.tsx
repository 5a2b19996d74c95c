import { topUpReceiptSchema, type TopUp, type TopUpReceipt } from '@boon/contracts';
import { useApiClient, useSelectedCustomerId } from '@boon/console-kit';
import {
  FormAlert,
  FormField,
  showServerErrors,
  useContractForm,
  useIdempotencyKey,
} from '@boon/console-kit/forms';
import { parseMoney } from '@boon/domain';
import { Button, TextField } from '@boon/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { refreshAfterMoneyMoved, billingQueryKeys, receiveTopUp } from '../api';

/**
 * Staff only: record that a bank top-up's money arrived, with the amount on the bank statement
 * (which is what is credited, even when it differs from what was announced). The server checks
 * that the caller is staff and that the top-up still waits; the form only offers it then.
 */
export function ReceiveTopUpForm({
  topUp,
  onReceived,
  framed = true,
}: {
  topUp: TopUp;
  onReceived?: (updated: TopUp) => void;
  /** False inside a dialog, which gives the heading and the frame. */
  framed?: boolean;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const customerId = useSelectedCustomerId();
  const formSchema = topUpReceiptSchema.superRefine(({ receivedAmount }, context) => {
    const parsed = parseMoney(receivedAmount, topUp.currency);
    if (!parsed.ok && parsed.error.code === 'too_many_decimals') {
      context.addIssue({ code: 'custom', path: ['receivedAmount'], message: parsed.error.message });
    }
  });
  const form = useContractForm(formSchema, { defaultValues: { receivedAmount: topUp.amount } });
  const attemptKey = useIdempotencyKey();
  const sending = useRef(false);
  const receive = useMutation({
    mutationFn: (receipt: TopUpReceipt) =>
      receiveTopUp(api, topUp.topUpId, receipt, attemptKey.for(receipt)),
    onSuccess: async (updated) => {
      attemptKey.renew();
      queryClient.setQueryData(billingQueryKeys.topUp(customerId, updated.topUpId), updated);
      await refreshAfterMoneyMoved(queryClient, customerId);
      onReceived?.(updated);
    },
    onSettled: () => {
      sending.current = false;
    },
    onError: (error) => showServerErrors(form, error, { failure: "We couldn't record the money" }),
  });

  const content = (
    <>
      <p className="text-sm text-ink-muted">
        Staff only. Enter the amount on the bank statement for reference {topUp.paymentReference}.
        It is added to the customer&apos;s {topUp.currency} balance and they are e-mailed.
      </p>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) =>
          form.submit((receipt) => {
            if (sending.current) return;
            sending.current = true;
            receive.mutate(receipt);
          })(event)
        }
      >
        <FormField
          form={form}
          name="receivedAmount"
          as={TextField}
          label={`Amount received (${topUp.currency})`}
          inputMode="decimal"
          autoComplete="off"
          hideCounter
        />
        <p role="status" className="text-sm text-ink-muted empty:hidden">
          {receive.isPending ? 'Recording…' : ''}
        </p>
        <FormAlert form={form} />
        <div>
          <Button type="submit">Record as received</Button>
        </div>
      </form>
    </>
  );
  if (!framed) return <div className="flex flex-col gap-3">{content}</div>;
  return (
    <section
      aria-labelledby="receive-heading"
      className="flex flex-col gap-3 rounded-md border border-line bg-surface p-4"
    >
      <h2 id="receive-heading" className="text-lg font-semibold text-ink">
        Record the money received
      </h2>
      {content}
    </section>
  );
}
