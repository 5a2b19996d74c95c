import { Readable } from 'node:stream';
import { billingApi as api } from '@boon/contracts';
import { AppError, requireAuth } from '@boon/service-kit';
import { route } from '../deps.js';
import { wantsCsv } from './csv-download.js';
import {
  decodeTransactionCursor,
  encodeTransactionCursor,
  transactionPage,
} from '../transactions/transaction-repository.js';
import { transactionsCsv } from '../transactions/transactions-csv.js';

export const transactionRoutes = [
  route(api.listTransactions, async ({ request, reply, customerId, query }, { db }) => {
    const { cursor, limit, ...filters } = query;
    if (wantsCsv(request.headers.accept)) {
      const auth = requireAuth(request);
      const isStaff = auth.user?.isStaff ?? false;
      if (!isStaff && !auth.permissions.includes('download:activity_history')) {
        throw new AppError('forbidden');
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="transactions-${customerId}-${day}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(transactionsCsv(db, customerId, filters)));
    }
    const after = cursor === undefined ? undefined : decodeTransactionCursor(cursor);
    const { items, next } = await transactionPage(db, customerId, filters, after, limit);
    return { items, nextCursor: next ? encodeTransactionCursor(next) : null };
  }),
];
