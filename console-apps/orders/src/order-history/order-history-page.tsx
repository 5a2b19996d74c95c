import { ORDER_SEARCH_MAX_LENGTH, ORDER_STATUSES, type OrderSummary } from '@boon/contracts';
import {
  formatAmount,
  ListLoadError,
  useCursorTrail,
  useDateFormat,
  useFeatureToggle,
  useHasPermission,
  useListSearch,
  useSearchBoxText,
  useSelectedCustomer,
  useSelectedCustomerId,
} from '@boon/console-kit';
import {
  Badge,
  Button,
  DataTable,
  Pagination,
  SearchField,
  Select,
  TextField,
  primaryLinkClasses,
  type DataTableColumn,
  type SelectOption,
} from '@boon/ui';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import { ORDERS_PER_PAGE, useOrderedMerchants, useOrderPage } from '../api';
import { deliveryLabels, downloadCsv, orderStatusLabels, ordersCsv } from '../order-parts';
import {
  hasFilters,
  orderListQuery,
  parseOrderHistorySearch,
  sortOf,
  type OrderHistorySearch,
} from './order-history-search';
import { BulkBatchTag } from './bulk-batch-tag';
import { readStoredFilters, storeFilters } from './stored-filters';

interface Row {
  orderId: string;
  createdAt: string;
  merchants: string;
  description: string;
  delivery: string;
  itemCount: number;
  total: string;
  status: string;
  order: OrderSummary;
}

const statusOptions: SelectOption[] = ORDER_STATUSES.map((status) => ({
  id: status,
  value: status,
  label: orderStatusLabels[status].label,
}));

const NO_ROWS: OrderSummary[] = [];

/** A value-range bound is an amount such as 50 or 50.00; blank is no bound. */
function amountError(text: string): string | undefined {
  return text.trim() === '' || /^\d{1,9}(\.\d{1,3})?$/.test(text.trim())
    ? undefined
    : 'Enter an amount such as 50 or 50.00.';
}

/**
 * Order history (spec 2.4 /orders, breadcrumb "Order History"): the company's orders, newest
 * first, sorted and filtered on the server (search, date range, merchant, status, value range),
 * a page at a time by cursor. The filters live in the address and, while the order history
 * filters toggle is on, in local storage too: a later visit starts with them.
 */
export function OrderHistoryPage() {
  const customerId = useSelectedCustomerId();
  const { playgroundMode } = useSelectedCustomer();
  const mayWrite = useHasPermission('write:orders');
  const mayOrder = mayWrite && !playgroundMode;
  const filtersOn = useFeatureToggle('orderHistoryFilters');
  const { formatDateTime } = useDateFormat();
  const [search, writeSearch] = useListSearch(parseOrderHistorySearch);
  const paging = useCursorTrail(search.cursor);
  // A bulk order's orders are asked for by a link, which works with the filters off too.
  const query = orderListQuery(
    filtersOn ? search : { sort: search.sort, cursor: search.cursor, batchId: search.batchId },
  );
  const list = useOrderPage(customerId, query);
  const merchants = useOrderedMerchants(customerId, filtersOn);
  const sort = sortOf(search);

  // A visit without filters in its address starts with the ones kept from the last visit.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !filtersOn) return;
    restored.current = true;
    if (hasFilters(search)) return;
    const stored = readStoredFilters();
    if (hasFilters(stored)) writeSearch({ ...search, ...stored }, { replace: true });
  }, [filtersOn, search, writeSearch]);
  useEffect(() => {
    if (filtersOn && restored.current) storeFilters(search);
  }, [filtersOn, search]);

  /** A new filter or sort starts again from the first page. */
  const change = (next: Partial<OrderHistorySearch>, options?: { replace?: boolean }) =>
    writeSearch(
      Object.fromEntries(
        Object.entries({ ...search, ...next, cursor: undefined }).filter(
          ([, value]) => value !== undefined && value !== '',
        ),
      ) as OrderHistorySearch,
      options,
    );
  const searchBox = useSearchBoxText(search.search ?? '', (text) =>
    change({ search: text === '' ? undefined : text }, { replace: true }),
  );

  const minBox = useSearchBoxText(search.minValue ?? '', (text) => {
    if (amountError(text) === undefined) change({ minValue: text || undefined }, { replace: true });
  });
  const maxBox = useSearchBoxText(search.maxValue ?? '', (text) => {
    if (amountError(text) === undefined) change({ maxValue: text || undefined }, { replace: true });
  });

  const orders = list.data?.items ?? NO_ROWS;
  const rows = useMemo<Row[]>(
    () =>
      orders.map((order) => ({
        orderId: order.orderId,
        createdAt: formatDateTime(order.createdAt),
        merchants: order.productNames.join(', '),
        description: order.description ?? '',
        delivery: deliveryLabels[order.deliveryType],
        itemCount: order.itemCount,
        total: formatAmount(order.totals.total, order.currency),
        status: orderStatusLabels[order.status].label,
        order,
      })),
    [orders, formatDateTime],
  );
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      {
        key: 'orderId',
        header: 'Order',
        primary: true,
        cell: (row) => (
          <>
            <Link
              to="/orders/$orderId"
              params={{ orderId: row.orderId }}
              className="font-medium text-brand-700 underline"
            >
              {row.orderId}
            </Link>
            {row.order.bulkBatchId ? (
              <BulkBatchTag
                batchId={row.order.bulkBatchId}
                mayOpen={mayWrite}
                filtered={search.batchId === row.order.bulkBatchId}
              />
            ) : null}
          </>
        ),
      },
      { key: 'createdAt', header: 'Created', sortable: true },
      { key: 'merchants', header: 'Merchants' },
      { key: 'description', header: 'Description' },
      { key: 'delivery', header: 'Delivery' },
      { key: 'itemCount', header: 'Rewards', align: 'right' },
      { key: 'total', header: 'Total', align: 'right', sortable: true },
      {
        key: 'status',
        header: 'Status',
        cell: (row) => <Badge tone={orderStatusLabels[row.order.status].tone}>{row.status}</Badge>,
      },
    ],
    [mayWrite, search.batchId],
  );
  const productOptions: SelectOption[] = (merchants.data?.merchants ?? []).map((merchant) => ({
    id: merchant.productCode,
    value: merchant.productCode,
    label: `${merchant.name} (${merchant.currency})`,
  }));
  const filtered = hasFilters(search);

  return (
    <div className="flex w-full max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold text-ink">Order history</h1>
          <p className="text-sm text-ink-muted">Every reward your company has ordered.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            disabled={rows.length === 0}
            onClick={() => downloadCsv(ordersCsv(orders), 'orders.csv')}
          >
            Download CSV
          </Button>
          {mayOrder ? (
            <Link to="/order/type" className={primaryLinkClasses}>
              Create new reward
            </Link>
          ) : null}
        </div>
      </div>

      {filtersOn ? (
        <form
          role="search"
          aria-label="Filter orders"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
          onSubmit={(event) => {
            event.preventDefault();
            searchBox.commitNow();
            minBox.commitNow();
            maxBox.commitNow();
          }}
        >
          <SearchField
            label="Search"
            hint="Order id, description or recipient"
            value={searchBox.text}
            onChange={searchBox.setText}
            maxLength={ORDER_SEARCH_MAX_LENGTH}
          />
          <TextField
            label="From"
            type="date"
            value={search.from ?? ''}
            onChange={(value) => change({ from: value || undefined })}
          />
          <TextField
            label="To"
            type="date"
            value={search.to ?? ''}
            onChange={(value) => change({ to: value || undefined })}
          />
          <Select
            label="Merchant"
            hint="The merchants your company has ordered from."
            placeholder="All merchants"
            options={productOptions}
            value={search.products?.split(',')[0] ?? null}
            onChange={(value) => change({ products: value ?? undefined })}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            options={statusOptions}
            value={search.status ?? null}
            onChange={(value) =>
              change({ status: (value ?? undefined) as OrderHistorySearch['status'] })
            }
          />
          <TextField
            label="Total from"
            inputMode="decimal"
            autoComplete="off"
            value={minBox.text}
            onChange={minBox.setText}
            error={amountError(minBox.text)}
            touched={amountError(minBox.text) !== undefined}
          />
          <TextField
            label="Total up to"
            inputMode="decimal"
            autoComplete="off"
            value={maxBox.text}
            onChange={maxBox.setText}
            error={amountError(maxBox.text)}
            touched={amountError(maxBox.text) !== undefined}
          />
          {filtered ? (
            <div className="flex items-end">
              <Button
                variant="secondary"
                onClick={() =>
                  writeSearch(search.sort ? { sort: search.sort } : {}, { replace: false })
                }
              >
                Clear filters
              </Button>
            </div>
          ) : null}
        </form>
      ) : null}

      {search.batchId ? (
        <div className="flex flex-wrap items-center gap-4 rounded-md border border-line bg-surface-muted p-4 text-sm text-ink">
          <p>
            The orders of bulk order <span className="font-medium">{search.batchId}</span>.
          </p>
          {mayWrite ? (
            <Link
              to="/bulk/progress/$batchId"
              params={{ batchId: search.batchId }}
              className="text-brand-700 underline"
            >
              Its progress and results
            </Link>
          ) : null}
          <Button variant="secondary" onClick={() => change({ batchId: undefined })}>
            Show every order
          </Button>
        </div>
      ) : null}

      <DataTable
        caption="Orders"
        hideCaption
        columns={columns}
        rows={rows}
        rowKey={(row) => row.orderId}
        loading={list.isPending}
        loadingRows={5}
        manualSort
        sort={{ column: sort.column, direction: sort.direction }}
        onSortChange={(next) =>
          change({ sort: next.direction === 'desc' ? `-${next.column}` : next.column })
        }
        emptyText={filtered ? 'No orders match these filters.' : 'No record found.'}
        error={
          list.isError ? (
            <ListLoadError
              what="your orders"
              error={list.error}
              onRetry={() => void list.refetch()}
            />
          ) : undefined
        }
      />
      {list.isPending || list.isError ? null : (
        <Pagination
          cursorBased
          label="Order pages"
          currentPage={paging.page}
          itemsPerPage={ORDERS_PER_PAGE}
          prevDisabled={search.cursor === undefined || list.isFetching}
          nextDisabled={!list.data?.nextCursor || list.isPlaceholderData || list.isFetching}
          onPageChange={(page) => {
            const target =
              page > paging.page
                ? list.data?.nextCursor && paging.forward(list.data.nextCursor)
                : paging.back();
            if (target) writeSearch({ ...search, cursor: target.cursor }, { state: target.state });
          }}
        />
      )}
    </div>
  );
}
