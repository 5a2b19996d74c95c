import type { TopUp } from '@boon/contracts';
import {
  formatAmount,
  ListLoadError,
  ShowMoreButton,
  useSelectedCustomerId,
  utcDateFormat,
} from '@boon/console-kit';
import { Badge, DataTable, type DataTableColumn } from '@boon/ui';
import { Link } from '@tanstack/react-router';
import { TOP_UPS_PER_PAGE, useTopUps } from '../api';
import { topUpMethodLabel, topUpStatusLabel } from '../top-ups';

interface TopUpRow {
  reference: string;
  status: TopUp['status'];
  method: string;
  amount: string;
  requested: string;
  topUp: TopUp;
}

const columns: DataTableColumn<TopUpRow>[] = [
  {
    key: 'reference',
    header: 'Reference',
    primary: true,
    cell: (row) => (
      <Link
        to="/billing/top-up/$topUpId"
        params={{ topUpId: row.topUp.topUpId }}
        className="font-mono font-medium text-brand-700 underline underline-offset-2"
      >
        {row.reference}
      </Link>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <Badge tone={topUpStatusLabel(row.topUp).tone}>{topUpStatusLabel(row.topUp).label}</Badge>
    ),
  },
  { key: 'method', header: 'Paid by', cell: (row) => topUpMethodLabel(row.topUp) },
  { key: 'amount', header: 'Amount', align: 'right' },
  { key: 'requested', header: 'Requested (UTC)' },
];

/**
 * The company's top-ups, newest first: where a bank transfer still waiting for its money can be
 * followed (and, for staff, recorded as received).
 */
export function RecentTopUps() {
  const customerId = useSelectedCustomerId();
  const topUps = useTopUps(customerId);
  const { formatDateTime } = utcDateFormat();
  const rows: TopUpRow[] = (topUps.data?.pages ?? []).flatMap((page) =>
    page.items.map((topUp) => ({
      reference: topUp.paymentReference,
      status: topUp.status,
      method: topUpMethodLabel(topUp),
      amount: formatAmount(topUp.amount, topUp.currency),
      requested: formatDateTime(topUp.createdAt),
      topUp,
    })),
  );
  return (
    <section aria-labelledby="top-ups-heading" className="flex flex-col gap-3">
      <h2 id="top-ups-heading" className="text-lg font-semibold text-ink">
        Top-ups
      </h2>
      <DataTable
        caption="Top-ups"
        hideCaption
        columns={columns}
        rows={rows}
        rowKey={(row) => row.topUp.topUpId}
        loading={topUps.isPending}
        loadingRows={3}
        emptyText="No top-ups yet. Funds you add show here until they reach your balance."
        error={
          topUps.isError ? (
            <ListLoadError
              what="your top-ups"
              error={topUps.error}
              onRetry={() => void topUps.refetch()}
            />
          ) : undefined
        }
      />
      {topUps.hasNextPage ? (
        <ShowMoreButton
          pageSize={TOP_UPS_PER_PAGE}
          loading={topUps.isFetchingNextPage}
          onMore={() => void topUps.fetchNextPage()}
        />
      ) : null}
    </section>
  );
}
