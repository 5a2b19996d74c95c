import { recipientSchema, type Order, type OrderItem } from '@boon/contracts';
import { useApiClient } from '@boon/console-kit';
import { FormAlert, FormField, showServerErrors, useContractForm } from '@boon/console-kit/forms';
import { Dialog, TextField } from '@boon/ui';
import { useState } from 'react';
import { resendOrderItem } from '../api';

/**
 * Resends an e-mail reward's mail, to the same recipient or a corrected one (the server audits
 * the change). Only a changed name or address is sent as a correction.
 */
export function ResendDialog({
  order,
  item,
  onDone,
}: {
  order: Order;
  item: OrderItem;
  /** Called with the order as the server now has it, or null when cancelled. */
  onDone: (updated: Order | null) => void;
}) {
  const api = useApiClient();
  const [busy, setBusy] = useState(false);
  const original = { name: item.recipient?.name ?? '', email: item.recipient?.email ?? '' };
  const form = useContractForm(recipientSchema, { defaultValues: original });

  const send = form.submit(async (recipient) => {
    if (busy) return;
    setBusy(true);
    const changed = recipient.name !== original.name || recipient.email !== original.email;
    try {
      const updated = await resendOrderItem(
        api,
        order.orderId,
        item.itemId,
        changed ? { recipient } : {},
      );
      onDone(updated);
    } catch (error) {
      setBusy(false);
      showServerErrors(form, error, {
        failure: "We couldn't resend the reward",
        paths: { 'body.recipient.name': 'name', 'body.recipient.email': 'email' },
      });
    }
  });

  return (
    <Dialog
      open
      title={`Resend to ${original.name || 'the recipient'}`}
      description="Correct the name or e-mail address if they were wrong; the reward is e-mailed again."
      onOpenChange={(open) => {
        if (!open) onDone(null);
      }}
      yesLabel={busy ? 'Sending…' : 'Resend'}
      yesDisabled={busy}
      onYes={() => void send()}
      noLabel="Cancel"
      onNo={() => onDone(null)}
    >
      <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void send(event)}>
        {item.deliveryError ? (
          <p className="text-sm text-danger">Last delivery failed: {item.deliveryError}</p>
        ) : null}
        <FormAlert form={form} />
        <FormField form={form} name="name" as={TextField} label="Name" autoComplete="off" />
        <FormField
          form={form}
          name="email"
          as={TextField}
          label="E-mail"
          type="email"
          autoComplete="off"
        />
      </form>
    </Dialog>
  );
}
