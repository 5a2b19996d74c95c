import { billingApi as api } from '@boon/contracts';
import { route } from '../deps.js';
import {
  decodeTransactionCursor,
  encodeTransactionCursor,
  transactionPage,
} from '../transactions/transaction-repository.js';
import { transactionsCsv } from '../transactions/transactions-csv.js';
import { sendCsv, wantsCsv } from '@boon/service-kit';

export const transactionRoutes = [
  route(api.listTransactions, async ({ request, reply, customerId, query }, { db }) => {
    const { cursor, limit, ...filters } = query;
    if (wantsCsv(request.headers.accept)) {
      const day = new Date().toISOString().slice(0, 10);
      return sendCsv(request, reply, {
        permission: 'download:activity_history',
        filename: `transactions-${customerId}-${day}.csv`,
        lines: () => transactionsCsv(db, customerId, filters),
      });
    }
    const after = cursor === undefined ? undefined : decodeTransactionCursor(cursor);
    const { items, next } = await transactionPage(db, customerId, filters, after, limit);
    return { items, nextCursor: next ? encodeTransactionCursor(next) : null };
  }),
];
