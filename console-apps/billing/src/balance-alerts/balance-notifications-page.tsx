import {
  BALANCE_ALERT_RECIPIENTS_MAX,
  emailAddressSchema,
  positiveAmountSchema,
  type BalanceAlerts,
  type BalanceAlertsUpdate,
} from '@boon/contracts';
import {
  errorMessage,
  formatAmount,
  useApiClient,
  useHasPermission,
  useSelectedCustomerId,
} from '@boon/console-kit';
import { FormAlert, FormField, showServerErrors, useContractForm } from '@boon/console-kit/forms';
import { floatCurrency, parseMoney } from '@boon/domain';
import { Button, TextArea, TextField, secondaryLinkClasses } from '@boon/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import {
  billingQueryKeys,
  saveBalanceAlerts,
  useBalanceAlerts,
  useBalanceCurrencies,
} from '../api';

const route = getRouteApi('/authenticated/billing/balance-notifications');

/** The addresses as typed: one per line, or separated by commas or semicolons. */
function addressesOf(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[\n,;]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

/**
 * The form's fields: a threshold per balance (empty: none) and the addresses as one text. Each
 * threshold and address is checked with the contract's own rules (amount shape and the
 * currency's decimals; spec 5's e-mail format; at most BALANCE_ALERT_RECIPIENTS_MAX).
 */
const notificationsFormSchema = z
  // Optional: no address is right while no balance is watched.
  .object({ thresholds: z.record(z.string(), z.string()), recipients: z.string().optional() })
  .superRefine(({ thresholds, recipients }, context) => {
    let anyThreshold = false;
    for (const [currency, text] of Object.entries(thresholds)) {
      if (text.trim() === '') continue;
      anyThreshold = true;
      const shape = positiveAmountSchema.safeParse(text.trim());
      const parsed = parseMoney(text.trim(), currency);
      const message = !shape.success
        ? (shape.error.issues[0]?.message ?? 'Enter an amount such as 500')
        : !parsed.ok
          ? parsed.error.message
          : undefined;
      if (message) context.addIssue({ code: 'custom', path: ['thresholds', currency], message });
    }
    const addresses = addressesOf(recipients);
    const wrong = addresses.find((address) => !emailAddressSchema.safeParse(address).success);
    const seen = new Set<string>();
    const repeated = addresses.find((address) => {
      const key = address.toLowerCase();
      if (seen.has(key)) return true;
      seen.add(key);
      return false;
    });
    const message = wrong
      ? `${wrong} is not a valid e-mail address.`
      : addresses.length > BALANCE_ALERT_RECIPIENTS_MAX
        ? `Enter at most ${BALANCE_ALERT_RECIPIENTS_MAX} addresses.`
        : repeated
          ? `${repeated} is in the list twice.`
          : anyThreshold && addresses.length === 0
            ? 'Enter at least one address to notify.'
            : undefined;
    if (message) context.addIssue({ code: 'custom', path: ['recipients'], message });
  });

type FormValues = z.input<typeof notificationsFormSchema>;

function formValues(saved: BalanceAlerts, currencies: readonly string[]): FormValues {
  const byCurrency = new Map(saved.thresholds.map((row) => [row.currency, row.threshold]));
  return {
    thresholds: Object.fromEntries(currencies.map((code) => [code, byCurrency.get(code) ?? ''])),
    recipients: saved.recipients.join('\n'),
  };
}

/**
 * Balance notifications: a low-balance threshold per balance and who is mailed
 * when a balance falls under it (once per fall). Settings' "Balance notifications" reaches it
 * through the older platform's link (/api/connect/notification-preferences), which sends here.
 */
export function BalanceNotificationsPage() {
  const { customerId: linkedCustomerId } = route.useSearch();
  const customerId = useSelectedCustomerId();
  const currencies = useBalanceCurrencies(customerId);
  const saved = useBalanceAlerts(customerId);
  const mayEdit = [
    useHasPermission('write:top_up_by_bank'),
    useHasPermission('write:top_up_by_card'),
  ].some(Boolean);

  const heading = (
    <div className="flex flex-col gap-2">
      <h1 className="text-2xl font-semibold text-ink">Low-balance notifications</h1>
      <p className="text-sm text-ink-muted">
        We e-mail the addresses below when a balance falls under its threshold: once each time it
        does, not for every reward that follows.
      </p>
    </div>
  );

  if (linkedCustomerId && customerId && linkedCustomerId !== customerId) {
    return (
      <div className="flex w-full max-w-2xl flex-col gap-6">
        {heading}
        <p className="rounded-md border border-line bg-surface-muted px-4 py-3 text-sm text-ink">
          This link is for another company ({linkedCustomerId}) than the one you are working in.
          Choose that company in the company switcher, then open this page again.
        </p>
      </div>
    );
  }

  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      {heading}
      {saved.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          Loading your notification settings…
        </p>
      ) : saved.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-md bg-danger-surface px-4 py-3 text-sm text-danger"
        >
          <span>We couldn&apos;t load your notification settings: {errorMessage(saved.error)}</span>
          <Button variant="secondary" onClick={() => void saved.refetch()}>
            Try again
          </Button>
        </div>
      ) : currencies.length === 0 ? (
        <p className="rounded-md border border-dashed border-line px-4 py-8 text-center text-sm text-ink-muted">
          This company has no balances yet, so there is nothing to watch.
        </p>
      ) : mayEdit ? (
        <NotificationsForm saved={saved.data} currencies={currencies} />
      ) : (
        <NotificationsSummary saved={saved.data} />
      )}
      <div>
        <Link to="/billing" className={secondaryLinkClasses}>
          Back to balances
        </Link>
      </div>
    </div>
  );
}

function NotificationsForm({
  saved,
  currencies,
}: {
  saved: BalanceAlerts;
  currencies: readonly string[];
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const customerId = useSelectedCustomerId();
  const form = useContractForm(notificationsFormSchema, {
    defaultValues: formValues(saved, currencies),
  });
  const [done, setDone] = useState('');
  useEffect(() => {
    form.reset(formValues(saved, currencies));
  }, [saved, currencies, form]);

  const save = useMutation({
    mutationFn: (update: BalanceAlertsUpdate) => saveBalanceAlerts(api, update),
    onSuccess: async (answer) => {
      queryClient.setQueryData(billingQueryKeys.balanceAlerts(customerId), answer);
      await queryClient.invalidateQueries({ queryKey: billingQueryKeys.balances(customerId) });
      setDone(
        answer.thresholds.length === 0
          ? 'Saved. No balance is watched now.'
          : `Saved. We will e-mail ${answer.recipients.length === 1 ? '1 address' : `${answer.recipients.length} addresses`} when a watched balance falls under its threshold.`,
      );
    },
    onError: (error) => showServerErrors(form, error, { failure: "We couldn't save the settings" }),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) =>
        form.submit(({ thresholds, recipients }) => {
          setDone('');
          save.mutate({
            thresholds: Object.entries(thresholds)
              .filter(([, text]) => text.trim() !== '')
              .map(([currency, text]) => ({ currency, threshold: text.trim() })),
            recipients: addressesOf(recipients),
          });
        })(event)
      }
    >
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 text-base font-semibold text-ink">Thresholds</legend>
        {currencies.map((code) => (
          <FormField
            key={code}
            form={form}
            name={`thresholds.${code}`}
            as={TextField}
            label={`${code}${floatCurrency(code) ? ` · ${floatCurrency(code)!.title}` : ''}`}
            optional
            inputMode="decimal"
            autoComplete="off"
            hint="Warn when the balance falls under this amount. Leave empty not to watch it."
            hideCounter
          />
        ))}
      </fieldset>
      <FormField
        form={form}
        name="recipients"
        as={TextArea}
        label="Addresses to notify"
        hint={`Up to ${BALANCE_ALERT_RECIPIENTS_MAX} addresses, one per line.`}
        rows={4}
        hideCounter
      />
      <p role="status" className="text-sm text-ink empty:hidden">
        {save.isPending ? 'Saving…' : done}
      </p>
      <FormAlert form={form} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          Save notifications
        </Button>
      </div>
    </form>
  );
}

function NotificationsSummary({ saved }: { saved: BalanceAlerts }) {
  return (
    <section aria-labelledby="watched" className="flex flex-col gap-3">
      <h2 id="watched" className="text-base font-semibold text-ink">
        Watched balances
      </h2>
      {saved.thresholds.length === 0 ? (
        <p className="text-sm text-ink-muted">No balance is watched.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm text-ink">
          {saved.thresholds.map((row) => (
            <li key={row.currency}>
              {row.currency}: under {formatAmount(row.threshold, row.currency)}
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-ink-muted">
        Only people who can add funds change these settings. Ask an owner or admin of your company.
      </p>
    </section>
  );
}
