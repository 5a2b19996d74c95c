import { billingApi as api } from '@boon/contracts';
import { AppError, sendCsv, sendPdf, wantsCsv, wantsPdf } from '@boon/service-kit';
import { route } from '../deps.js';
import { monthlyStatements } from '../statements/monthly-statements.js';
import { statementCsv } from '../statements/statement-csv.js';
import { statementPdf } from '../documents/statement-pdf.js';

export const statementRoutes = [
  route(api.listStatements, async ({ customerId }, { db }) => ({
    items: await monthlyStatements(db, customerId),
  })),

  route(api.getStatement, async ({ request, reply, customerId, params }, deps) => {
    const { db } = deps;
    const statement = (await monthlyStatements(db, customerId)).find(
      (candidate) => candidate.statementId === params.statementId,
    );
    if (!statement) throw new AppError('statement_not_found');
    if (wantsPdf(request.headers.accept)) {
      const name = (await deps.customerProfile(customerId))?.name ?? customerId;
      return sendPdf(request, reply, {
        permission: 'download:statements',
        filename: `statement-${customerId}-${statement.statementId}.pdf`,
        document: () => statementPdf(db, { customerId, name }, statement, deps.productName),
      });
    }
    if (!wantsCsv(request.headers.accept)) return statement;
    return sendCsv(request, reply, {
      permission: 'download:statements',
      filename: `statement-${customerId}-${statement.statementId}.csv`,
      lines: () => statementCsv(db, customerId, statement),
    });
  }),
];
