import type { FxQuote } from '@boon/contracts';
import { formatAmount } from '@boon/console-kit';

/** What a quote offers: what is sold (fee included), the rate and what arrives. */
export function QuoteSummary({ quote }: { quote: FxQuote }) {
  const rows = [
    { label: 'You sell', value: formatAmount(quote.sellAmount, quote.sellCurrency) },
    { label: 'Fee (included)', value: formatAmount(quote.fee, quote.sellCurrency) },
    { label: 'Exchanged', value: formatAmount(quote.exchangedAmount, quote.sellCurrency) },
    { label: 'Rate', value: `1 ${quote.sellCurrency} = ${quote.rate} ${quote.buyCurrency}` },
    { label: 'You get', value: formatAmount(quote.buyAmount, quote.buyCurrency) },
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-md border border-line bg-surface p-4 sm:grid-cols-[max-content_1fr]">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-sm text-ink-muted">{row.label}</dt>
          <dd className="text-sm font-medium text-ink tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
