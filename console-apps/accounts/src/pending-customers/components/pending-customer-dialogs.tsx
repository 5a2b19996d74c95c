import {
  discountMultiplierSchema,
  pendingCustomerApprovalSettingsSchema,
  pendingCustomerDeclineSchema,
  type PendingCustomer,
  type PendingCustomerApprovalSettings,
} from '@boon/contracts';
import {
  blankAs,
  FormAlert,
  FormField,
  showServerErrors,
  useContractForm,
  useIdempotencyKey,
  type ContractForm,
} from '@boon/console-kit/forms';
import {
  approvalCurrencyChoices,
  approvalDefaults,
  discountPercentToMultiplier,
} from '@boon/domain';
import {
  Checkbox,
  CheckboxGroup,
  Dialog,
  NumberField,
  TextArea,
  TextField,
  type SelectOption,
} from '@boon/ui';
import { useEffect, useId, useMemo } from 'react';
import { z } from 'zod';
import { applicationAnswers, websiteHref } from '../pending-customer-labels';

/** An order limit's decimals stop at the currency's (the number field's); the rest is this. */
export const ORDER_LIMIT_ERROR = 'Enter an amount above 0.';

const settings = pendingCustomerApprovalSettingsSchema.shape;
const orderLimitAmount = settings.orderLimits.unwrap().element.shape.maxOrderValue;

/**
 * The discount as staff type it, a percentage ("3" for 3 % off), read into the multiplier the
 * contract stores ("0.97", spec 3: the discount is 1 minus the multiplier), exactly, through
 * integers; then checked by the contract's own rule.
 */
const discountPercentSchema = z
  .string()
  .transform((text, context) => {
    const multiplier = discountPercentToMultiplier(text);
    if (multiplier.ok) return multiplier.value;
    context.addIssue({ code: 'custom', message: multiplier.error.message });
    return z.NEVER;
  })
  .pipe(discountMultiplierSchema);

/**
 * The approval settings as the dialog asks them: a limit field per chosen currency (empty for
 * none) and the discount as a percentage (blank for none); approving turns them into the
 * contract's.
 */
const approveFormSchema = z.object({
  balancesEnabled: settings.balancesEnabled,
  fxEnabled: settings.fxEnabled,
  currencies: settings.currencies,
  // Empty when no currency is chosen: hidden limit fields leave the values altogether.
  limits: z.record(z.string(), orderLimitAmount.nullish()).default({}),
  discountPercent: blankAs(null, discountPercentSchema.nullable()),
});

/** Shows a refusal of the dialog's request on its form, once per refusal. */
function useRefusal<S extends z.ZodType<unknown, Record<string, unknown>>>(
  form: ContractForm<S>,
  refusal: unknown,
  paths: Readonly<Record<string, string>> = {},
) {
  useEffect(() => {
    if (refusal) showServerErrors(form, refusal, { paths: paths as never });
    // The paths are constant for a dialog; a new refusal is what shows again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, refusal]);
}

/** Where the server's paths in the approval request land on the dialog. */
const approvePaths = {
  'settings.balancesEnabled': 'balancesEnabled',
  'settings.fxEnabled': 'fxEnabled',
  'settings.currencies': 'currencies',
  'settings.discountMultiplier': 'discountPercent',
};

/** Decline's reason, blank for none. */
const declineFormSchema = z.object({
  reason: blankAs(undefined, pendingCustomerDeclineSchema.shape.reason),
});

export interface ApproveDialogProps {
  pendingCustomer: PendingCustomer;
  busy: boolean;
  /** The refusal of the last approval, shown on the form. */
  error: unknown;
  /** `idempotencyKey` is the same for every retry of the same settings from this dialog. */
  onApprove: (settings: PendingCustomerApprovalSettings, idempotencyKey: string) => void;
  onCancel: () => void;
}

/**
 * Approve: what the requester told us, then the new customer's settings (balances, FX,
 * currencies, an order limit per currency, discount), set up so that approving as offered gives
 * a customer that can add funds and order: balances and FX on, in its country's currency.
 */
export function ApproveDialog({
  pendingCustomer,
  busy,
  error,
  onApprove,
  onCancel,
}: ApproveDialogProps) {
  const { country } = pendingCustomer.application;
  const defaults = approvalDefaults(country);
  const form = useContractForm(approveFormSchema, {
    defaultValues: { ...defaults, limits: {}, discountPercent: '' },
    messages: { limits: ORDER_LIMIT_ERROR },
    // A currency unticked takes its limit field with it, and its limit out of the request.
    dropHiddenFields: true,
  });
  const currencyOptions = useMemo<SelectOption[]>(
    () => approvalCurrencyChoices(country).map((code) => ({ id: code, value: code, label: code })),
    [country],
  );
  const currencies = form.watch('currencies') ?? [];
  const attemptKey = useIdempotencyKey();
  useRefusal(form, error, approvePaths);

  const approve = form.submit((values) => {
    const orderLimits = values.currencies.flatMap((code) => {
      const maxOrderValue = values.limits[code] ?? null;
      return maxOrderValue === null ? [] : [{ currency: code, maxOrderValue }];
    });
    const chosen: PendingCustomerApprovalSettings = {
      balancesEnabled: values.balancesEnabled,
      fxEnabled: values.fxEnabled,
      currencies: values.currencies,
      orderLimits: orderLimits.length === 0 ? null : orderLimits,
      discountMultiplier: values.discountPercent,
    };
    onApprove(chosen, attemptKey.for(chosen));
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={`Approve ${pendingCustomer.companyName}`}
      description="Creates the customer with these settings and makes the requester its owner."
      yesLabel="Approve"
      onYes={() => void approve()}
      yesDisabled={busy}
      noLabel="Cancel"
      onNo={onCancel}
    >
      <div className="flex flex-col gap-6">
        <ApplicationSummary pendingCustomer={pendingCustomer} />
        <section aria-label="The new customer's settings" className="flex flex-col gap-4">
          <FormField
            form={form}
            name="balancesEnabled"
            as={Checkbox}
            label="Balances enabled"
            hint="The customer adds funds and pays for orders from its balances."
          />
          <FormField
            form={form}
            name="fxEnabled"
            as={Checkbox}
            label="FX enabled"
            hint="The customer can exchange funds between currencies."
          />
          <FormField
            form={form}
            name="currencies"
            as={CheckboxGroup}
            label="Currencies"
            optional
            options={currencyOptions}
            hint="A balance in each. The company's own currency comes first."
          />
          {currencies.map((code) => (
            <FormField
              key={code}
              form={form}
              name={`limits.${code}`}
              as={NumberField}
              label={`Order limit in ${code}`}
              optional
              currency={code}
              allowDecimals
              min="0"
              hint="The most one order may be worth; empty for no limit."
            />
          ))}
          <FormField
            form={form}
            name="discountPercent"
            as={TextField}
            label="Discount (%)"
            optional
            inputMode="decimal"
            hint="The percentage off every order, such as 3 or 2.5; empty for no discount."
          />
          <FormAlert form={form} />
        </section>
      </div>
    </Dialog>
  );
}

/** What the requester told us when asking for the account, to decide on. */
function ApplicationSummary({ pendingCustomer }: { pendingCustomer: PendingCustomer }) {
  const headingId = useId();
  const answers = applicationAnswers(pendingCustomer.application);
  const website = websiteHref(pendingCustomer.application.website);
  return (
    <section aria-labelledby={headingId} className="rounded-md bg-surface-muted p-4">
      <h3 id={headingId} className="mb-3 font-semibold text-ink">
        What the requester told us
      </h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="text-ink-muted">Requested by</dt>
        <dd className="break-words">{pendingCustomer.requestedBy.emailAddress}</dd>
        <dt className="text-ink-muted">Domain</dt>
        <dd className="break-words">{pendingCustomer.domain ?? '—'}</dd>
        {answers.map(({ question, answer }) => (
          <div key={question} className="contents">
            <dt className="mt-1 text-ink-muted sm:mt-0">{question}</dt>
            <dd className="break-words">
              {question === 'Website' && website ? (
                <a
                  href={website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  {answer}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                answer
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export interface DeclineDialogProps {
  pendingCustomer: PendingCustomer;
  busy: boolean;
  /** The refusal of the last attempt, shown on the form. */
  error: unknown;
  onDecline: (reason: string) => void;
  onCancel: () => void;
}

/** Decline, with an optional reason. */
export function DeclineDialog({
  pendingCustomer,
  busy,
  error,
  onDecline,
  onCancel,
}: DeclineDialogProps) {
  const form = useContractForm(declineFormSchema, { defaultValues: { reason: '' } });
  const decline = form.submit((values) => onDecline(values.reason ?? ''));
  useRefusal(form, error, { reason: 'reason' });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={`Decline ${pendingCustomer.companyName}`}
      description="The requester will see that the request was declined."
      yesLabel="Decline"
      onYes={() => void decline()}
      yesDisabled={busy}
      noLabel="Cancel"
      onNo={onCancel}
    >
      <div className="flex flex-col gap-4">
        <FormField form={form} name="reason" as={TextArea} label="Reason" optional />
        <FormAlert form={form} />
      </div>
    </Dialog>
  );
}
