import type { Statement } from '@boon/contracts';
import {
  ErrorAlert,
  errorMessage,
  formatAmount,
  saveFile,
  useApiClient,
  useHasPermission,
  useIsStaff,
  useListSearch,
  useSelectedCustomerId,
  utcDateFormat,
} from '@boon/console-kit';
import { Button, DataTable, Select, type DataTableColumn, type SelectOption } from '@boon/ui';
import { useState } from 'react';
import { downloadStatement, useStatements } from '../api';
import { parseStatementsSearch } from './statements-search';

interface Row {
  month: string;
  currency: string;
  opening: string;
  credits: string;
  debits: string;
  closing: string;
  statement: Statement;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'month', header: 'Month (UTC)', primary: true },
  { key: 'currency', header: 'Currency' },
  { key: 'opening', header: 'Opening balance', align: 'right' },
  { key: 'credits', header: 'Money in', align: 'right' },
  { key: 'debits', header: 'Money out', align: 'right' },
  { key: 'closing', header: 'Closing balance', align: 'right' },
];

/**
 * Statements (spec 2.1 statements-home): a statement per balance and UTC month, its
 * opening and closing balances and what went in and out, each downloadable as CSV or PDF.
 */
export function StatementsPage() {
  const api = useApiClient();
  const customerId = useSelectedCustomerId();
  const statements = useStatements(customerId);
  const holdsDownload = useHasPermission('download:statements');
  const isStaff = useIsStaff();
  const mayDownload = holdsDownload || isStaff;
  const [search, writeSearch] = useListSearch(parseStatementsSearch);
  const [download, setDownload] = useState({ busy: '', error: '' });
  const currencies = [...new Set((statements.data ?? []).map((s) => s.currency))].sort();
  // A currency none of the statements is in (a link from another customer, say) shows them all.
  const currency =
    search.currency !== undefined && currencies.includes(search.currency) ? search.currency : null;
  const currencyOptions: SelectOption[] = currencies.map((code) => ({
    id: code,
    value: code,
    label: code,
  }));
  const { formatMonthYear } = utcDateFormat();
  const rows: Row[] = (statements.data ?? [])
    .filter((statement) => currency === null || statement.currency === currency)
    .map((statement) => ({
      month: formatMonthYear(`${statement.month}-01T00:00:00Z`),
      currency: statement.currency,
      opening: formatAmount(statement.openingBalance, statement.currency),
      credits: formatAmount(statement.credits, statement.currency),
      debits: formatAmount(statement.debits, statement.currency),
      closing: formatAmount(statement.closingBalance, statement.currency),
      statement,
    }));

  const downloadOne = async (statement: Statement, label: string, format: 'csv' | 'pdf') => {
    if (download.busy) return;
    setDownload({ busy: label, error: '' });
    try {
      const file = await downloadStatement(api, statement.statementId, format);
      saveFile(file.blob, file.filename ?? `statement-${statement.statementId}.${format}`);
      setDownload({ busy: '', error: '' });
    } catch (error) {
      setDownload({
        busy: '',
        error: `We couldn't download the ${label} statement: ${errorMessage(error)}`,
      });
    }
  };

  return (
    <div className="flex w-full max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Statements</h1>
        <p className="text-sm text-ink-muted">
          A statement for each balance and month, in UTC: the opening balance, what came in and went
          out, and the closing balance.
        </p>
      </div>
      {currencies.length > 1 ? (
        <Select
          label="Currency"
          placeholder="All currencies"
          options={currencyOptions}
          value={currency}
          onChange={(value) => writeSearch(value ? { currency: value } : {})}
          className="max-w-xs"
        />
      ) : null}
      <p role="status" className="text-sm text-ink-muted empty:hidden">
        {download.busy ? `Preparing the ${download.busy} statement…` : ''}
      </p>
      {download.error ? <ErrorAlert>{download.error}</ErrorAlert> : null}
      <DataTable
        caption="Statements"
        hideCaption
        columns={columns}
        rows={rows}
        rowKey={(row) => row.statement.statementId}
        rowLabel={(row) => `${row.month} ${row.currency}`}
        actionsHeader="Download"
        rowActions={(row) =>
          mayDownload
            ? [
                {
                  label: 'Download CSV',
                  accessibleLabel: `Download CSV of the ${row.month} ${row.currency} statement`,
                  onSelect: () =>
                    void downloadOne(row.statement, `${row.month} ${row.currency}`, 'csv'),
                },
                {
                  label: 'Download PDF',
                  accessibleLabel: `Download PDF of the ${row.month} ${row.currency} statement`,
                  onSelect: () =>
                    void downloadOne(row.statement, `${row.month} ${row.currency}`, 'pdf'),
                },
              ]
            : []
        }
        loading={statements.isPending}
        loadingRows={6}
        emptyText="No statements yet. A balance's first statement is for the month of its first top-up."
        error={
          statements.isError ? (
            <span className="flex flex-wrap items-center justify-center gap-3">
              <span>We couldn&apos;t load your statements: {errorMessage(statements.error)}</span>
              <Button variant="secondary" onClick={() => void statements.refetch()}>
                Try again
              </Button>
            </span>
          ) : undefined
        }
      />
    </div>
  );
}
