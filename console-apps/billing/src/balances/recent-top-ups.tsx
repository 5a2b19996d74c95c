import type { TopUp } from '@boon/contracts';
import {
  errorMessage,
  formatAmount,
  useSelectedCustomerId,
  utcDateFormat,
} from '@boon/console-kit';
import { Badge, Button, DataTable, type DataTableColumn } from '@boon/ui';
import { Link } from '@tanstack/react-router';
import { TOP_UPS_PER_PAGE, useTopUps } from '../api';
import { topUpStatusLabels } from '../top-ups';

interface TopUpRow {
  reference: string;
  status: TopUp['status'];
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
      <Badge tone={topUpStatusLabels[row.status].tone}>{topUpStatusLabels[row.status].label}</Badge>
    ),
  },
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
            <span className="flex flex-wrap items-center justify-center gap-3">
              <span>We couldn&apos;t load your top-ups: {errorMessage(topUps.error)}</span>
              <Button variant="secondary" onClick={() => void topUps.refetch()}>
                Try again
              </Button>
            </span>
          ) : undefined
        }
      />
      {topUps.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              if (!topUps.isFetchingNextPage) void topUps.fetchNextPage();
            }}
          >
            {topUps.isFetchingNextPage ? 'Loading…' : `Show ${TOP_UPS_PER_PAGE} more`}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
