import type { BankStatementLine, BankStatementOutcome, BankStatementResult } from '@boon/contracts';
import { ErrorAlert, errorMessage, useApiClient } from '@boon/console-kit';
import { Badge, DataTable, FileUpload, type BadgeTone, type DataTableColumn } from '@boon/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { importBankStatement, refreshAfterMoneyMoved } from '../api';

const outcomes: Record<BankStatementOutcome, { label: string; tone: BadgeTone }> = {
  received: { label: 'Credited', tone: 'success' },
  underpaid: { label: 'Credited · less than announced', tone: 'success' },
  overpaid: { label: 'Credited · more than announced', tone: 'success' },
  unmatched: { label: 'No match', tone: 'danger' },
  already_received: { label: 'Already received', tone: 'neutral' },
  currency_mismatch: { label: 'Other currency', tone: 'danger' },
  money_out: { label: 'Money out', tone: 'neutral' },
  invalid: { label: 'Unreadable', tone: 'danger' },
};

const columns: DataTableColumn<BankStatementLine>[] = [
  { key: 'line', header: 'Line', primary: true, cell: (row) => String(row.line) },
  { key: 'reference', header: 'Reference on the statement' },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (row) => `${row.amount} ${row.currency}`,
  },
  {
    key: 'outcome',
    header: 'Result',
    cell: (row) => <Badge tone={outcomes[row.outcome].tone}>{outcomes[row.outcome].label}</Badge>,
  },
  {
    key: 'message',
    header: 'Details',
    cell: (row) => (
      <span className="flex flex-col gap-0.5">
        <span>{row.message}</span>
        {row.topUpId ? (
          <span className="text-ink-muted">
            <Link
              to="/billing/top-up/$topUpId"
              params={{ topUpId: row.topUpId }}
              className="font-mono text-brand-700 underline underline-offset-2"
            >
              {row.topUpId}
            </Link>
            {row.customerName ? ` · ${row.customerName}` : ''}
          </span>
        ) : null}
      </span>
    ),
  },
];

/** The largest statement accepted: the server's 1 MB of text. */
const MAX_SIZE_KB = 1000;

/**
 * Staff import a bank statement: the lines that quote a waiting top-up's reference
 * are credited, under- and over-payments flagged; every other line is listed for a person.
 */
export function BankStatementImport() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [state, setState] = useState<{
    busy: boolean;
    error: string;
    result: BankStatementResult | null;
  }>({ busy: false, error: '', result: null });

  const importFile = async (file: File) => {
    if (state.busy) return;
    setState({ busy: true, error: '', result: null });
    try {
      const result = await importBankStatement(api, {
        filename: file.name,
        csv: await file.text(),
      });
      setState({ busy: false, error: '', result });
      await refreshAfterMoneyMoved(queryClient, null);
    } catch (error) {
      setState({
        busy: false,
        error: `We couldn't import ${file.name}: ${errorMessage(error)}`,
        result: null,
      });
    }
  };

  return (
    <section aria-labelledby="bank-statement-import" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="bank-statement-import" className="text-lg font-semibold text-ink">
          Import a bank statement
        </h2>
        <p className="text-sm text-ink-muted">
          A CSV export of the receiving account, with a header row naming the reference (or
          description), amount and currency columns. Lines quoting a waiting top-up are credited;
          importing a file twice credits nothing twice.
        </p>
      </div>
      <FileUpload
        label="Bank statement (CSV)"
        accept=".csv,text/csv"
        maxSizeKb={MAX_SIZE_KB}
        disabled={state.busy}
        onChange={(files) => {
          const chosen = files.at(-1);
          if (chosen?.raw && !chosen.validationError) void importFile(chosen.raw);
        }}
      />
      <p role="status" className="text-sm text-ink empty:hidden">
        {state.busy
          ? 'Importing the statement…'
          : state.result
            ? `${state.result.received} ${state.result.received === 1 ? 'line' : 'lines'} credited, ${state.result.needsAttention} to look at.`
            : ''}
      </p>
      {state.error ? <ErrorAlert>{state.error}</ErrorAlert> : null}
      {state.result ? (
        <DataTable
          caption="Imported lines"
          columns={columns}
          rows={state.result.lines}
          rowKey={(row) => String(row.line)}
          rowLabel={(row) => `Line ${row.line}`}
          emptyText="The statement had no lines."
        />
      ) : null}
    </section>
  );
}
