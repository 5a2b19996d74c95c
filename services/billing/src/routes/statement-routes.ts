import { Readable } from 'node:stream';
import { billingApi as api } from '@boon/contracts';
import { AppError, requireAuth } from '@boon/service-kit';
import { route } from '../deps.js';
import { monthlyStatements } from '../statements/monthly-statements.js';
import { statementCsv } from '../statements/statement-csv.js';
import { wantsCsv } from './csv-download.js';

export const statementRoutes = [
  route(api.listStatements, async ({ customerId }, { db }) => ({
    items: await monthlyStatements(db, customerId),
  })),

  route(api.getStatement, async ({ request, reply, customerId, params }, { db }) => {
    const statement = (await monthlyStatements(db, customerId)).find(
      (candidate) => candidate.statementId === params.statementId,
    );
    if (!statement) throw new AppError('statement_not_found');
    if (!wantsCsv(request.headers.accept)) return statement;
    const auth = requireAuth(request);
    if (!(auth.user?.isStaff ?? false) && !auth.permissions.includes('download:statements')) {
      throw new AppError('forbidden');
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="statement-${customerId}-${statement.statementId}.csv"`,
      )
      .header('cache-control', 'no-store')
      .send(Readable.from(statementCsv(db, customerId, statement)));
  }),
];
