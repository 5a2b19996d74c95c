import type { TopUp } from '@boon/contracts';
import { formatAmount } from '@boon/console-kit';

/**
 * What to pay, to whom and with which reference, for a bank top-up that waits for its money.
 * A definition list, so each value is read with its label; the reference stands out, since a
 * payment without it cannot be matched.
 */
export function BankTransferInstructions({ topUp }: { topUp: TopUp }) {
  const details = topUp.bankDetails;
  if (!details) return null;
  const rows = [
    { label: 'Amount', value: formatAmount(topUp.amount, topUp.currency) },
    { label: 'Account name', value: details.accountName },
    { label: 'Bank', value: details.bankName },
    ...details.fields,
    { label: 'Bank address', value: details.bankAddress },
  ];
  return (
    <section aria-labelledby="bank-instructions" className="flex flex-col gap-4">
      <h2 id="bank-instructions" className="text-lg font-semibold text-ink">
        Pay this account
      </h2>
      <div className="rounded-md border border-brand-600 bg-surface px-4 py-3">
        <p className="text-sm text-ink">Quote this reference with your payment:</p>
        <p className="font-mono text-xl font-semibold tracking-wider text-ink">
          {topUp.paymentReference}
        </p>
        <p className="text-sm text-ink-muted">
          Without it we cannot match your payment to your balance.
        </p>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-md border border-line bg-surface p-4 sm:grid-cols-[max-content_1fr]">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-sm text-ink-muted">{row.label}</dt>
            <dd className="text-sm font-medium break-words text-ink">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
