import {
  BANK_STATEMENT_MAX_ROWS,
  type BankStatementLine,
  type BankStatementResult,
} from '@boon/contracts';
import { parseMoney } from '@boon/domain';
import { eq, topUps } from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';
import { parse } from 'csv-parse/sync';
import type { BillingDeps } from '../deps.js';
import { receiveBankTopUp } from './receive-bank-top-up.js';

/** The header names a bank's export may give each column, lower case. */
const columnAliases = {
  reference: ['reference', 'payment reference', 'description', 'details', 'narrative', 'memo'],
  amount: ['amount', 'credit', 'credit amount', 'money in', 'paid in'],
  currency: ['currency', 'ccy', 'currency code'],
} as const;

type Column = keyof typeof columnAliases;

const REFERENCE = /\bTU-[A-Z0-9]{10}\b/;

/**
 * "1,234.56" and "£1,234.56" as "1234.56"; a minus or brackets is money going out. Amounts use a
 * point for decimals, as the CSV exports of the banks we pay into do.
 */
function normalisedAmount(text: string): { value: string; out: boolean } | undefined {
  const trimmed = text.trim();
  const out = trimmed.startsWith('-') || /^\(.*\)$/.test(trimmed);
  const bare = trimmed.replace(/[()\s+\-£$€¥]/g, '').replace(/^[A-Z]{3}/i, '');
  // A comma only ever separates thousands ("1,234.56"); "50,00" is refused, never read as 5000.
  if (!/^\d{1,3}(,\d{3})*(\.\d+)?$|^\d+(\.\d+)?$/.test(bare)) return undefined;
  return { value: bare.replaceAll(',', ''), out };
}

function readRows(csv: string): string[][] {
  try {
    return parse(csv, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      // One line more than allowed, to tell a file that is too long from one that is not.
      to_line: BANK_STATEMENT_MAX_ROWS + 2,
    }) as string[][];
  } catch (error) {
    throw new AppError('bank_statement_unreadable', [
      { path: 'csv', message: error instanceof Error ? error.message : String(error) },
    ]);
  }
}

/**
 * Staff import a bank statement: each line that quotes a bank top-up's reference and
 * brings money in is recorded as that top-up's receipt, crediting what arrived (receiveBankTopUp:
 * flagged when it differs). Every other line is reported for a person, and nothing else changes.
 * Each line is its own transaction, and a top-up is received once, so importing a file twice (or a
 * line racing staff's own Record as received) credits nothing twice.
 */
export async function importBankStatement(
  actor: { userId: string },
  csv: string,
  deps: Pick<BillingDeps, 'db' | 'mailer' | 'publicUrl' | 'productName' | 'customerProfile'>,
): Promise<BankStatementResult> {
  const rows = readRows(csv);
  const [header = [], ...body] = rows;
  const names = header.map((cell) => cell.trim().toLowerCase());
  const index = Object.fromEntries(
    (Object.keys(columnAliases) as Column[]).map((column) => [
      column,
      names.findIndex((name) => (columnAliases[column] as readonly string[]).includes(name)),
    ]),
  ) as Record<Column, number>;
  const missing = (Object.keys(index) as Column[]).filter((column) => index[column] < 0);
  if (missing.length > 0) {
    throw new AppError('bank_statement_unreadable', [
      {
        path: 'csv',
        message: `The header row has no ${missing.join(', ')} column. It reads: ${header.join(', ') || '(empty)'}.`,
      },
    ]);
  }
  if (body.length > BANK_STATEMENT_MAX_ROWS) {
    throw new AppError('bank_statement_unreadable', [
      {
        path: 'csv',
        message: `The file has more than ${BANK_STATEMENT_MAX_ROWS.toLocaleString('en')} lines. Split it and import each part.`,
      },
    ]);
  }
  if (body.length === 0) {
    throw new AppError('bank_statement_unreadable', [
      { path: 'csv', message: 'The file has a header row but no lines.' },
    ]);
  }

  // A statement often pays one customer many times: its name is asked for once.
  const customerNames = new Map<string, Promise<string | null>>();
  const customerName = (customerId: string) => {
    let name = customerNames.get(customerId);
    if (!name) {
      name = deps.customerProfile(customerId).then((profile) => profile?.name ?? null);
      customerNames.set(customerId, name);
    }
    return name;
  };
  const lines: BankStatementLine[] = [];
  for (const [offset, row] of body.entries()) {
    const cell = (column: Column) => (row[index[column]] ?? '').trim();
    const base = {
      line: offset + 2,
      reference: cell('reference').slice(0, 200),
      amount: cell('amount').slice(0, 40),
      currency: cell('currency').toUpperCase().slice(0, 3),
      topUpId: null,
      customerName: null,
    };
    lines.push(await importLine(base, actor, customerName, deps));
  }
  const received = lines.filter((line) =>
    ['received', 'underpaid', 'overpaid'].includes(line.outcome),
  ).length;
  await recordAudit(deps.db, {
    actorUserId: actor.userId,
    customerId: null,
    action: 'bank_statement.import',
    target: 'bank-statement',
    details: { lines: lines.length, received },
  });
  return { lines, received, needsAttention: lines.length - received };
}

async function importLine(
  base: Omit<BankStatementLine, 'outcome' | 'message'>,
  actor: { userId: string },
  customerName: (customerId: string) => Promise<string | null>,
  deps: Pick<BillingDeps, 'db' | 'mailer' | 'publicUrl' | 'productName' | 'customerProfile'>,
): Promise<BankStatementLine> {
  const amount = normalisedAmount(base.amount);
  if (!amount) {
    return { ...base, outcome: 'invalid', message: `"${base.amount}" is not an amount.` };
  }
  if (amount.out) {
    return { ...base, outcome: 'money_out', message: 'Money going out: not a top-up.' };
  }
  const reference = REFERENCE.exec(base.reference.toUpperCase())?.[0];
  if (!reference) {
    return { ...base, outcome: 'unmatched', message: 'No top-up reference in this line.' };
  }
  const [topUp] = await deps.db.select().from(topUps).where(eq(topUps.paymentReference, reference));
  if (!topUp || topUp.method !== 'bank_transfer') {
    return {
      ...base,
      outcome: 'unmatched',
      message: `No bank transfer has the reference ${reference}.`,
    };
  }
  const known = {
    ...base,
    topUpId: topUp.id,
    customerName: await customerName(topUp.customerId),
  };
  if (base.currency !== topUp.currency) {
    return {
      ...known,
      outcome: 'currency_mismatch',
      message: `${reference} is for ${topUp.currency}, this line is in ${base.currency || 'no currency'}. Nothing was credited.`,
    };
  }
  if (topUp.status !== 'PENDING') {
    return { ...known, outcome: 'already_received', message: `${reference} was already received.` };
  }
  const parsed = parseMoney(amount.value, topUp.currency);
  if (!parsed.ok || parsed.value.minor <= 0n) {
    return {
      ...known,
      outcome: 'invalid',
      message: parsed.ok ? 'The amount is zero.' : parsed.error.message,
    };
  }
  try {
    const received = await deps.db.transaction((tx) =>
      receiveBankTopUp(tx, actor, topUp.id, { receivedAmount: amount.value }, deps),
    );
    return received.discrepancy === 'UNDERPAID'
      ? {
          ...known,
          outcome: 'underpaid',
          message: `Less than the ${received.amount} announced; what arrived was credited.`,
        }
      : received.discrepancy === 'OVERPAID'
        ? {
            ...known,
            outcome: 'overpaid',
            message: `More than the ${received.amount} announced; what arrived was credited.`,
          }
        : { ...known, outcome: 'received', message: 'Credited.' };
  } catch (error) {
    if (error instanceof AppError && error.code === 'top_up_not_pending') {
      return {
        ...known,
        outcome: 'already_received',
        message: `${reference} was already received.`,
      };
    }
    throw error;
  }
}
