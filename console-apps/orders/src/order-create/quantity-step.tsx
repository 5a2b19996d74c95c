import { ORDER_ITEMS_MAX, type Recipient } from '@boon/contracts';
import { formatAmount } from '@boon/console-kit';
import { FormField } from '@boon/console-kit/forms';
import { isValidEmail } from '@boon/domain';
import { Button, Dialog, NumberField, TextArea, TextField, secondaryLinkClasses } from '@boon/ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useFieldArray, useFormState } from 'react-hook-form';
import { useOrderDraft } from './order-context';
import { stepFields } from './order-form';

/** "Ada Lovelace, ada@example.com" (or a tab or semicolon between), one recipient a line. */
export function parseRecipientLines(text: string): { recipients: Recipient[]; refused: string[] } {
  const recipients: Recipient[] = [];
  const refused: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const parts = line.split(/[,;\t]/).map((part) => part.trim());
    const email = parts.pop() ?? '';
    const name = parts.join(' ').trim();
    if (name === '' || !isValidEmail(email)) refused.push(line);
    else recipients.push({ name, email });
  }
  return { recipients, refused };
}

function OrderSummaryLine() {
  const { form, chosen } = useOrderDraft();
  const [faceValue, currency] = form.watch(['faceValue', 'currency']);
  const merchants =
    chosen.length > 1
      ? `a choice of ${chosen.map((product) => product.name).join(', ')}`
      : (chosen[0]?.name ?? 'no merchant yet');
  return (
    <p className="text-sm text-ink-muted">
      Each reward: {formatAmount(faceValue, currency)} at {merchants}.
    </p>
  );
}

function LinkQuantity() {
  const { form } = useOrderDraft();
  return (
    <FormField
      form={form}
      name="quantity"
      as={NumberField}
      label="Number of links"
      min="0"
      max={String(ORDER_ITEMS_MAX)}
      hint={`Each link is one reward, for you to hand out. At most ${ORDER_ITEMS_MAX} in one order.`}
    />
  );
}

function RecipientRows() {
  const { form } = useOrderDraft();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'recipients' });
  const { errors } = useFormState({ control: form.control, name: 'recipients' });
  const listError = errors.recipients?.message ?? errors.recipients?.root?.message;
  const full = fields.length >= ORDER_ITEMS_MAX;
  return (
    <section aria-labelledby="recipients-heading" className="flex flex-col gap-4">
      <h2
        id="recipients-heading"
        ref={form.focus.track('recipients')}
        tabIndex={-1}
        className="text-lg font-semibold text-ink"
      >
        Recipients
      </h2>
      <p className="text-sm text-ink-muted">
        One reward is e-mailed to each recipient. {fields.length} of {ORDER_ITEMS_MAX} at most.
      </p>
      {fields.length === 0 ? (
        <p className="text-sm text-ink-muted">No recipients yet.</p>
      ) : (
        <ol aria-label="Recipients" className="flex flex-col gap-4">
          {fields.map((field, index) => (
            <li
              key={field.id}
              className="grid grid-cols-1 items-start gap-3 rounded-md border border-line p-4 sm:grid-cols-[1fr_1fr_auto]"
            >
              <FormField
                form={form}
                name={`recipients.${index}.name`}
                as={TextField}
                label={`Recipient ${index + 1}: name`}
                autoComplete="off"
              />
              <FormField
                form={form}
                name={`recipients.${index}.email`}
                as={TextField}
                label={`Recipient ${index + 1}: e-mail`}
                type="email"
                autoComplete="off"
              />
              <Button
                variant="secondary"
                className="sm:mt-6"
                onClick={() => remove(index)}
                aria-label={`Remove recipient ${index + 1}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
      )}
      {listError ? (
        <p role="alert" className="text-sm text-danger">
          {listError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={full}
          onClick={() => append({ name: '', email: '' }, { shouldFocus: false })}
        >
          Add a recipient
        </Button>
        <Link to="/order/recipients" className={secondaryLinkClasses}>
          Paste a list of recipients
        </Link>
      </div>
    </section>
  );
}

/**
 * The quantity step (spec 2.4): how many links (spec 9: 0 until the user says, so at least 1 must
 * be entered), or the recipients of an e-mail order, added one by one or pasted as a list.
 */
export function QuantityStep() {
  const { form } = useOrderDraft();
  const navigate = useNavigate();
  const deliveryType = form.watch('deliveryType');

  async function next() {
    const valid = await form.trigger([...stepFields.quantity]);
    if (!valid) {
      form.focus.focusFirst(collectInvalid());
      return;
    }
    await navigate({ to: '/order/payment' });
  }

  function collectInvalid(): string[] {
    if (form.getFieldState('quantity').invalid) return ['quantity'];
    const recipients = form.getValues('recipients');
    const names = recipients.flatMap((_, index) => [
      `recipients.${index}.name`,
      `recipients.${index}.email`,
    ]);
    const invalid = names.filter((name) => form.getFieldState(name as never).invalid);
    return invalid.length > 0 ? invalid : ['recipients'];
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">
          {deliveryType === 'link' ? 'How many links' : 'Who gets the reward'}
        </h1>
        <OrderSummaryLine />
      </div>
      <form
        noValidate
        aria-label={deliveryType === 'link' ? 'Number of links' : 'Recipients'}
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          void next();
        }}
      >
        {deliveryType === 'link' ? <LinkQuantity /> : <RecipientRows />}
        <div className="flex flex-wrap gap-3">
          <Button type="submit">Continue to payment</Button>
          <Link to="/order/create" className={secondaryLinkClasses}>
            Back
          </Link>
        </div>
      </form>
    </div>
  );
}

/** The recipients overlay: a pasted list, one "name, e-mail" a line, added to the order. */
function RecipientsOverlay() {
  const { form } = useOrderDraft();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const close = () => void navigate({ to: '/order/quantity' });
  const add = () => {
    const { recipients, refused } = parseRecipientLines(text);
    const current = form.getValues('recipients');
    if (recipients.length === 0) {
      setProblem('Enter at least one line with a name and an e-mail address.');
      return;
    }
    if (refused.length > 0) {
      setProblem(
        `These lines need a name and a valid e-mail address: ${refused.slice(0, 5).join('; ')}${refused.length > 5 ? ` and ${refused.length - 5} more` : ''}. Correct them, or remove them.`,
      );
      return;
    }
    if (current.length + recipients.length > ORDER_ITEMS_MAX) {
      setProblem(
        `One order has at most ${ORDER_ITEMS_MAX} recipients: there is room for ${ORDER_ITEMS_MAX - current.length} more.`,
      );
      return;
    }
    form.setValue('recipients', [...current, ...recipients], {
      shouldValidate: form.getFieldState('recipients').invalid,
    });
    close();
  };
  return (
    <Dialog
      open
      title="Add recipients"
      description="One recipient a line: the name, a comma, then the e-mail address."
      onOpenChange={(open) => {
        if (!open) close();
      }}
      yesLabel="Add recipients"
      onYes={add}
      noLabel="Cancel"
      onNo={close}
    >
      <TextArea
        label="Recipients"
        value={text}
        onChange={(value) => {
          setText(value);
          setProblem('');
        }}
        placeholder={'Ada Lovelace, ada@example.com\nAlan Turing, alan@example.com'}
        error={problem || undefined}
        touched={problem !== ''}
      />
    </Dialog>
  );
}

export function QuantityStepPage() {
  return <QuantityStep />;
}

export function RecipientsOverlayPage() {
  return (
    <>
      <QuantityStep />
      <RecipientsOverlay />
    </>
  );
}
