import type { OrderFxPayment } from '@boon/contracts';
import { AmountRow } from './amount-row';
import { amountWithCode, exchangeRateText, fxName } from './fx-payment';

/**
 * The exchange of rewards paid from a balance in another currency, as rows of a price list: the
 * rate, what the rewards' `total` in `currency` takes exchanged, the fee, and what leaves the
 * balance (`takenLabel`).
 */
export function FxPaymentRows({
  payment,
  total,
  currency,
  takenLabel,
}: {
  payment: OrderFxPayment;
  total: string;
  currency: string;
  takenLabel: string;
}) {
  return (
    <>
      <AmountRow label={`${fxName()} rate`} value={exchangeRateText(payment, currency)} />
      <AmountRow
        label={`Exchanged for ${amountWithCode(total, currency)}`}
        value={amountWithCode(payment.exchanged, payment.currency)}
      />
      <AmountRow label={`${fxName()} fee`} value={amountWithCode(payment.fee, payment.currency)} />
      <AmountRow
        label={takenLabel}
        value={amountWithCode(payment.total, payment.currency)}
        strong
      />
    </>
  );
}
