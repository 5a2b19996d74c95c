import { markMailUndeliverableSchema, type MailboxMail } from '@boon/contracts';
import { useApiClient } from '@boon/console-kit';
import { FormAlert, FormField, showServerErrors, useContractForm } from '@boon/console-kit/forms';
import { Button, TextField } from '@boon/ui';
import { useState } from 'react';
import { markMailUndeliverable } from '../api/mailbox-api';

/** What a bounce most often says, so staff need only change it when it said something else. */
const USUAL_REASON = "The recipient's mail server refused the message.";

/**
 * Marks a mail as not delivered, with the reason its sender reads (a reward's on its order, where
 * the address can be corrected and the reward sent again): the outbox stands in for SMTP, and
 * nothing bounces there by itself.
 */
export function MarkUndeliverableForm({
  mail,
  onMarked,
}: {
  mail: MailboxMail;
  onMarked: (mail: MailboxMail) => void;
}) {
  const api = useApiClient();
  const [busy, setBusy] = useState(false);
  const form = useContractForm(markMailUndeliverableSchema, {
    defaultValues: { reason: USUAL_REASON },
  });

  const mark = form.submit(async ({ reason }) => {
    if (busy) return;
    setBusy(true);
    try {
      onMarked(await markMailUndeliverable(api, mail.id, reason));
    } catch (error) {
      showServerErrors(form, error, { failure: "We couldn't mark the mail undeliverable" });
    } finally {
      setBusy(false);
    }
  });

  return (
    <form
      noValidate
      aria-labelledby="mark-undeliverable-heading"
      className="flex flex-col gap-3 border-t border-line pt-4"
      onSubmit={(event) => void mark(event)}
    >
      <h3 id="mark-undeliverable-heading" className="text-base font-semibold text-ink">
        Not delivered?
      </h3>
      <FormAlert form={form} />
      <FormField
        form={form}
        name="reason"
        as={TextField}
        label="Why it was not delivered"
        hint="The sender sees this on their order, and can correct the address and send it again."
        autoComplete="off"
      />
      <div>
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? 'Marking…' : 'Mark undeliverable'}
        </Button>
      </div>
    </form>
  );
}
