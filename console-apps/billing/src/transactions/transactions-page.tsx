import { TRANSACTION_SEARCH_MAX_LENGTH, type Transaction } from '@boon/contracts';
import {
  ErrorAlert,
  errorMessage,
  formatAmount,
  ListLoadError,
  saveFile,
  ShowMoreButton,
  useApiClient,
  useFeatureToggle,
  useHasPermission,
  useIsStaff,
  useListSearch,
  useSearchBoxText,
  useSelectedCustomerId,
  utcDateFormat,
} from '@boon/console-kit';
import { transactionLabel, transactionTypeLabel } from '@boon/domain';
import {
  Button,
  DataTable,
  SearchField,
  Select,
  TextField,
  type DataTableColumn,
  type SelectOption,
} from '@boon/ui';
import { useState } from 'react';
import {
  currencyOptions,
  useBalanceCurrencies,
  downloadTransactionsCsv,
  TRANSACTIONS_PER_PAGE,
  useTransactions,
} from '../api';
import {
  parseTransactionsSearch,
  transactionDirections,
  transactionTypes,
  type TransactionsSearch,
} from './transactions-search';

interface Row {
  date: string;
  description: string;
  reference: string;
  amount: string;
  balanceAfter: string;
  transaction: Transaction;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'date', header: 'Date (UTC)' },
  { key: 'description', header: 'Transaction', primary: true },
  { key: 'reference', header: 'Reference' },
  { key: 'amount', header: 'Amount', align: 'right' },
  { key: 'balanceAfter', header: 'Balance after', align: 'right' },
];

const typeOptions: SelectOption[] = transactionTypes.map((type) => ({
  id: type,
  value: type,
  label: transactionTypeLabel(type),
}));
const directionOptions: SelectOption[] = transactionDirections.map((direction) => ({
  id: direction,
  value: direction,
  label: direction === 'CREDIT' ? 'Money in' : 'Money out',
}));
const sortOptions: SelectOption[] = [
  { id: 'newest', value: 'newest', label: 'Newest first' },
  { id: 'oldest', value: 'oldest', label: 'Oldest first' },
];

/**
 * All transactions (spec 2.1 transactions-home): every movement on the company's
 * balances, filtered by day range, type, currency, direction and a search by reference, in UTC,
 * a page at a time, with the CSV download of everything that matches.
 */
export function TransactionsPage() {
  const api = useApiClient();
  const customerId = useSelectedCustomerId();
  const [search, writeSearch] = useListSearch(parseTransactionsSearch);
  const { sort, ...filters } = search;
  const query = { ...filters, ...(sort ? { sort } : {}) };
  const transactions = useTransactions(customerId, query);
  const holdsDownload = useHasPermission('download:activity_history');
  const isStaff = useIsStaff();
  const csvToggle = useFeatureToggle('transactionCsvDownload');
  const mayDownload = (holdsDownload || isStaff) && csvToggle;
  const [download, setDownload] = useState<{ busy: boolean; error: string }>({
    busy: false,
    error: '',
  });
  const change = (next: Partial<TransactionsSearch>, options?: { replace?: boolean }) =>
    writeSearch(
      Object.fromEntries(
        Object.entries({ ...search, ...next }).filter(([, value]) => value !== undefined),
      ) as TransactionsSearch,
      options,
    );
  const searchBox = useSearchBoxText(search.search ?? '', (text) =>
    change({ search: text === '' ? undefined : text }, { replace: true }),
  );
  const currencyOptionList = currencyOptions(useBalanceCurrencies(customerId), true);
  const { formatDateTime } = utcDateFormat();
  const rows: Row[] = (transactions.data?.pages ?? []).flatMap((page) =>
    page.items.map((transaction) => {
      const sign = transaction.direction === 'CREDIT' ? '+' : '−';
      return {
        date: formatDateTime(transaction.createdAt),
        description: transactionLabel(transaction.type, transaction.subtype),
        reference: transaction.reference ?? transaction.transactionId,
        amount: `${sign}${formatAmount(transaction.amount, transaction.currency)}`,
        balanceAfter: formatAmount(transaction.balanceAfter, transaction.currency),
        transaction,
      };
    }),
  );

  const startDownload = async () => {
    if (download.busy) return;
    setDownload({ busy: true, error: '' });
    try {
      const file = await downloadTransactionsCsv(api, query);
      saveFile(file.blob, file.filename ?? 'transactions.csv');
      setDownload({ busy: false, error: '' });
    } catch (error) {
      setDownload({
        busy: false,
        error: `We couldn't prepare the download: ${errorMessage(error)}`,
      });
    }
  };

  return (
    <div className="flex w-full max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold text-ink">All transactions</h1>
          <p className="text-sm text-ink-muted">
            Every movement of money on your balances. Dates and times are in UTC.
          </p>
        </div>
        {mayDownload ? (
          <Button variant="secondary" onClick={() => void startDownload()}>
            {download.busy ? 'Preparing the CSV…' : 'Download CSV'}
          </Button>
        ) : null}
      </div>
      <p role="status" className="text-sm text-ink-muted empty:hidden">
        {download.busy ? 'Preparing your download of every matching transaction…' : ''}
      </p>
      {download.error ? <ErrorAlert>{download.error}</ErrorAlert> : null}

      <form
        role="search"
        aria-label="Filter transactions"
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => {
          event.preventDefault();
          searchBox.commitNow();
        }}
      >
        <TextField
          label="From (UTC)"
          type="date"
          value={search.from ?? ''}
          onChange={(value) => change({ from: value || undefined })}
        />
        <TextField
          label="To (UTC)"
          type="date"
          value={search.to ?? ''}
          onChange={(value) => change({ to: value || undefined })}
        />
        <Select
          label="Type"
          placeholder="All types"
          options={typeOptions}
          value={search.type ?? null}
          onChange={(value) => change({ type: (value ?? undefined) as TransactionsSearch['type'] })}
        />
        <Select
          label="Currency"
          placeholder="All currencies"
          options={currencyOptionList}
          value={search.currency ?? null}
          onChange={(value) => change({ currency: value ?? undefined })}
        />
        <Select
          label="Direction"
          placeholder="Money in and out"
          options={directionOptions}
          value={search.direction ?? null}
          onChange={(value) =>
            change({ direction: (value ?? undefined) as TransactionsSearch['direction'] })
          }
        />
        <Select
          label="Order"
          options={sortOptions}
          value={search.sort ?? 'newest'}
          onChange={(value) => change({ sort: value === 'oldest' ? 'oldest' : undefined })}
        />
        <SearchField
          label="Reference or ID"
          value={searchBox.text}
          onChange={searchBox.setText}
          maxLength={TRANSACTION_SEARCH_MAX_LENGTH}
        />
      </form>

      <DataTable
        caption="Transactions"
        hideCaption
        columns={columns}
        rows={rows}
        rowKey={(row) => `${row.transaction.transactionId}:${row.transaction.direction}`}
        loading={transactions.isPending}
        loadingRows={5}
        emptyText={
          Object.keys(filters).length > 0
            ? 'No transactions match these filters.'
            : 'No transactions yet. Top-ups and orders show here once they move money.'
        }
        error={
          transactions.isError ? (
            <ListLoadError
              what="your transactions"
              error={transactions.error}
              onRetry={() => void transactions.refetch()}
            />
          ) : undefined
        }
      />
      {transactions.hasNextPage ? (
        <ShowMoreButton
          pageSize={TRANSACTIONS_PER_PAGE}
          loading={transactions.isFetchingNextPage}
          onMore={() => void transactions.fetchNextPage()}
        />
      ) : null}
    </div>
  );
}
