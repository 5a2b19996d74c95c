import type { TopUp } from '@boon/contracts';
import { addMoney, money, toDecimalString } from '@boon/domain';
import {
  details,
  header,
  heading,
  newPdf,
  numberPages,
  paragraph,
  type Pdf,
} from './pdf-layout.js';

const statusTexts: Record<TopUp['status'], string> = {
  PENDING: 'Awaiting payment',
  COMPLETED: 'Paid',
  FAILED: 'Payment failed',
  CANCELLED: 'Cancelled',
};

/**
 * A top-up's invoice (the "top-up invoices" toggle): what the company pays and how.
 * For a bank transfer still awaiting its money it is the payment request finance teams file,
 * with the account and the reference to quote; once paid, or for a card payment, the receipt.
 * Dates are UTC.
 */
export function topUpInvoicePdf(
  topUp: TopUp,
  customer: { customerId: string; name: string },
  productName: string,
): Pdf {
  const doc = newPdf(`Invoice ${topUp.paymentReference}`, productName);
  numberPages(doc);
  const paid = topUp.status === 'COMPLETED';
  header(doc, productName, paid ? 'Receipt' : 'Invoice', [
    `${topUp.paymentReference}, issued ${topUp.createdAt.slice(0, 10)} (UTC)`,
  ]);
  const amount = money(topUp.amount, topUp.currency);
  const total = toDecimalString(addMoney(amount, money(topUp.fee, topUp.currency)));
  details(doc, [
    ['Billed to', `${customer.name} (${customer.customerId})`],
    ['Reference', topUp.paymentReference],
    ['Status', statusTexts[topUp.status]],
    [
      'Paid by',
      topUp.method === 'bank_transfer'
        ? 'Bank transfer'
        : `Card${topUp.card ? `, ${topUp.card.brand} ending ${topUp.card.last4}` : ''}`,
    ],
  ]);
  heading(doc, 'Amounts');
  details(doc, [
    [`Added to the ${topUp.currency} balance`, `${topUp.amount} ${topUp.currency}`],
    ...(topUp.method === 'card' ? ([['Card fee', `${topUp.fee} ${topUp.currency}`]] as const) : []),
    ['Total', `${total} ${topUp.currency}`],
    ...(topUp.receivedAmount !== null && topUp.receivedAmount !== topUp.amount
      ? ([['Received', `${topUp.receivedAmount} ${topUp.currency}`]] as const)
      : []),
    ...(topUp.completedAt ? ([['Paid on (UTC)', topUp.completedAt.slice(0, 10)]] as const) : []),
  ]);
  if (topUp.method === 'bank_transfer' && topUp.bankDetails && !paid) {
    heading(doc, 'How to pay');
    paragraph(
      doc,
      `Send ${topUp.amount} ${topUp.currency} to the account below and quote the reference ${topUp.paymentReference}, so we can match your payment. The money is added to your balance when it arrives.`,
    );
    details(doc, [
      ['Account name', topUp.bankDetails.accountName],
      ['Bank', topUp.bankDetails.bankName],
      ['Bank address', topUp.bankDetails.bankAddress],
      ...topUp.bankDetails.fields.map((field) => [field.label, field.value] as const),
      ['Reference to quote', topUp.paymentReference],
    ]);
  }
  paragraph(
    doc,
    `Funds added to a ${productName} balance pay for the rewards and fees your company orders. A balance earns no interest.`,
  );
  doc.end();
  return doc;
}
