/**
 * How a transaction's type and subtype (spec 3) read on screen: "Top-up · Bank transfer". Codes
 * without a label of their own read as their words ("REBATE_BY_BOON" → "Rebate by boon"), so a
 * new code still reads as something, never as an empty cell.
 */
const typeLabels: Readonly<Record<string, string>> = {
  ADJUSTMENT: 'Adjustment',
  CURRENCY_EXCHANGE: 'Currency exchange',
  FEES: 'Fees',
  ORDER_ITEM: 'Order',
  TOP_UP: 'Top-up',
};

const subtypeLabels: Readonly<Record<string, string>> = {
  BANK_TRANSFER: 'Bank transfer',
  CARD_PAYMENT: 'Card payment',
  CARD_PAYMENT_FEE: 'Card payment fee',
  POS_CARD_PAYMENT: 'Card payment (in person)',
  POS_CARD_PAYMENT_FEE: 'Card payment fee (in person)',
  FX_TRANSFERS_IN: 'Exchanged in',
  FX_TRANSFERS_OUT: 'Exchanged out',
  FX_FEES: 'Exchange fee',
  UNSPENT_VALUE: 'Unspent value returned',
};

function words(code: string): string {
  const text = code.toLowerCase().replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function transactionTypeLabel(type: string): string {
  return typeLabels[type] ?? words(type);
}

export function transactionLabel(type: string, subtype: string | null): string {
  const head = transactionTypeLabel(type);
  return subtype ? `${head} · ${subtypeLabels[subtype] ?? words(subtype)}` : head;
}
