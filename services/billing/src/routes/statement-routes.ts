import { billingApi as api } from '@boon/contracts';
import { AppError } from '@boon/service-kit';
import { route } from '../deps.js';
import { monthlyStatements } from '../statements/monthly-statements.js';
import { statementCsv } from '../statements/statement-csv.js';
import { sendCsv, wantsCsv } from './csv-download.js';

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
    return sendCsv(request, reply, {
      permission: 'download:statements',
      filename: `statement-${customerId}-${statement.statementId}.csv`,
      lines: () => statementCsv(db, customerId, statement),
    });
  }),
];
