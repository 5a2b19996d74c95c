import type { Statement } from '@boon/contracts';
import { transactionLabel } from '@boon/domain';
import type { Database } from '@boon/db';
import { lastDay, statementFilters } from '../statements/statement-csv.js';
import { transactionPages } from '../transactions/transactions-csv.js';
import { details, header, newPdf, numberPages, table, type Pdf } from './pdf-layout.js';

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * A monthly statement as a PDF: the opening balance, every movement of the month
 * oldest first with the balance after it, and the closing balance: the CSV's figures, which are
 * the ledger's. Written as the movements are read, so memory stays flat for a long month.
 * Billing and Finance is always in UTC.
 */
export function statementPdf(
  db: Database,
  customer: { customerId: string; name: string },
  statement: Statement,
  productName: string,
): Pdf {
  const doc = newPdf(
    `${customer.name} ${statement.currency} statement, ${statement.month}`,
    productName,
  );
  numberPages(doc);
  header(doc, productName, `${statement.currency} statement`, [
    `${customer.name} (${customer.customerId})`,
    `${monthName(statement.month)}: ${statement.month}-01 to ${lastDay(statement.month)}, UTC`,
  ]);
  details(doc, [
    ['Opening balance', `${statement.openingBalance} ${statement.currency}`],
    ['Money in', `${statement.credits} ${statement.currency}`],
    ['Money out', `${statement.debits} ${statement.currency}`],
    ['Closing balance', `${statement.closingBalance} ${statement.currency}`],
    ['Movements', String(statement.transactionCount)],
  ]);
  void (async () => {
    try {
      const rows = table(doc, [
        { header: 'Date (UTC)', width: 2.2 },
        { header: 'Movement', width: 3.2 },
        { header: 'Reference', width: 2.6 },
        { header: 'In', width: 1.5, align: 'right' },
        { header: 'Out', width: 1.5, align: 'right' },
        { header: 'Balance', width: 1.7, align: 'right' },
      ]);
      rows.addRow([
        `${statement.month}-01`,
        'Opening balance',
        '',
        '',
        '',
        statement.openingBalance,
      ]);
      for await (const page of transactionPages(
        db,
        customer.customerId,
        statementFilters(statement),
      )) {
        for (const t of page) {
          rows.addRow([
            t.createdAt.slice(0, 16).replace('T', ' '),
            transactionLabel(t.type, t.subtype),
            t.reference ?? t.transactionId,
            t.direction === 'CREDIT' ? t.amount : '',
            t.direction === 'DEBIT' ? t.amount : '',
            t.balanceAfter,
          ]);
        }
      }
      rows.addRow(
        [lastDay(statement.month), 'Closing balance', '', '', '', statement.closingBalance],
        true,
      );
      doc.end();
    } catch (error) {
      doc.emit('error', error);
    }
  })();
  return doc;
}
