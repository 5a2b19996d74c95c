import { billingApi as api, type Permission } from '@boon/contracts';
import { AppError, holdsPermissions, requireUser, sendPdf, wantsPdf } from '@boon/service-kit';
import { route } from '../deps.js';
import { verifyLedger } from '../ledger/verify-ledger.js';
import { topUpInvoicePdf } from '../documents/top-up-invoice-pdf.js';
import { createBankTopUp } from '../top-ups/create-bank-top-up.js';
import { createCardTopUp } from '../top-ups/create-card-top-up.js';
import { importBankStatement } from '../top-ups/import-bank-statement.js';
import { settleCardTopUp } from '../top-ups/settle-card-top-up.js';
import { receiveBankTopUp } from '../top-ups/receive-bank-top-up.js';
import { findTopUp, listTopUps, toTopUp } from '../top-ups/top-up-repository.js';

/** Adding funds: by bank transfer and by card. */
export const topUpRoutes = [
  route(api.createTopUp, async ({ request, customerId, body, transaction, auth }, deps) => {
    const { user } = requireUser(request);
    const actor = { customerId, userId: user.id, email: user.email };
    // The route lets either top-up permission in; each method needs its own (spec 6).
    const needs: Permission[] =
      body.method === 'card'
        ? ['write:top_up_by_card', 'read:payment_cards']
        : ['write:top_up_by_bank'];
    if (!holdsPermissions(auth.permissions, needs)) throw new AppError('forbidden');
    if (body.method === 'bank_transfer') {
      const profile = await deps.customerProfile(customerId);
      const termsAccepted = await deps.balancesTermsAccepted(user.id);
      return transaction((tx) => createBankTopUp(tx, actor, profile, termsAccepted, body));
    }
    const idempotencyKey = request.idempotency?.key;
    if (idempotencyKey === undefined) throw new AppError('idempotency_key_missing');
    return createCardTopUp({ transaction, idempotencyKey }, actor, body, deps);
  }),

  route(api.confirmTopUp, async ({ request, customerId, params, transaction }, deps) => {
    const row = await findTopUp(deps.db, customerId, params.topUpId);
    if (!row || row.method !== 'card') throw new AppError('top_up_not_found');
    if (row.status !== 'PENDING' || row.processorPaymentId === null) return toTopUp(row);
    const payment = await deps.cardProcessor.getPayment(row.processorPaymentId);
    if (!payment) return toTopUp(row);
    const userId = requireUser(request).user.id;
    return transaction((tx) => settleCardTopUp(tx, row.id, payment, userId));
  }),

  route(api.listTopUps, async ({ customerId, query }, { db }) => {
    const { rows, nextCursor } = await listTopUps(db, customerId, query);
    return { items: rows.map((row) => toTopUp(row)), nextCursor };
  }),

  route(api.listAllTopUps, async ({ query }, { db, customerProfile }) => {
    // Staff record the money of bank transfers; card payments settle on their own.
    const { rows, nextCursor } = await listTopUps(db, undefined, query, 'bank_transfer');
    const names = new Map<string, string | null>();
    for (const customerId of new Set(rows.map((row) => row.customerId))) {
      names.set(customerId, (await customerProfile(customerId))?.name ?? null);
    }
    const items = rows.map((row) => ({
      ...toTopUp(row),
      customerId: row.customerId,
      customerName: names.get(row.customerId) ?? null,
    }));
    return { items, nextCursor };
  }),

  route(api.getTopUp, async ({ request, reply, customerId, params }, deps) => {
    const row = await findTopUp(deps.db, customerId, params.topUpId);
    if (!row) throw new AppError('top_up_not_found');
    if (wantsPdf(request.headers.accept)) {
      const name = (await deps.customerProfile(customerId))?.name ?? customerId;
      return sendPdf(request, reply, {
        filename: `invoice-${row.paymentReference}.pdf`,
        document: () => topUpInvoicePdf(toTopUp(row), { customerId, name }, deps.productName),
      });
    }
    return toTopUp(row);
  }),

  route(api.importBankStatement, ({ request, body }, deps) =>
    importBankStatement({ userId: requireUser(request).user.id }, body.csv, deps),
  ),

  route(api.checkLedger, async (_call, { db }) => ({
    // One snapshot, so a transfer committing meanwhile cannot look like a mismatch.
    checks: await db.transaction((tx) => verifyLedger(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    }),
    checkedAt: new Date().toISOString(),
  })),

  route(api.receiveTopUp, ({ request, params, body, transaction }, deps) => {
    const actor = { userId: requireUser(request).user.id };
    return transaction((tx) => receiveBankTopUp(tx, actor, params.topUpId, body, deps));
  }),
];
