import type { StaffTopUp, TopUpStatus } from '@boon/contracts';
import {
  formatAmount,
  ListLoadError,
  ShowMoreButton,
  useListSearch,
  utcDateFormat,
} from '@boon/console-kit';
import {
  Badge,
  DataTable,
  Dialog,
  Select,
  type DataTableColumn,
  type SelectOption,
} from '@boon/ui';
import { useState } from 'react';
import { TOP_UPS_PER_PAGE, useStaffTopUps } from '../api';
import { ReceiveTopUpForm, topUpStatusLabels } from '../top-ups';
import { BankStatementImport } from './bank-statement-import';
import { LedgerCheck } from './ledger-check';
import {
  parseStaffTopUpsSearch,
  STAFF_TOP_UPS_SHOWN_DEFAULT,
  type StaffTopUpsShown,
} from './staff-top-ups-search';

const shownOptions: SelectOption<StaffTopUpsShown>[] = [
  { id: 'PENDING', value: 'PENDING', label: 'Waiting for money' },
  { id: 'COMPLETED', value: 'COMPLETED', label: 'Added to a balance' },
  { id: 'ALL', value: 'ALL', label: 'All top-ups' },
];

interface Row {
  customer: string;
  reference: string;
  amount: string;
  requested: string;
  status: TopUpStatus;
  topUp: StaffTopUp;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'reference', header: 'Reference', primary: true },
  { key: 'customer', header: 'Customer' },
  { key: 'amount', header: 'Amount', align: 'right' },
  { key: 'requested', header: 'Requested (UTC)' },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <Badge tone={topUpStatusLabels[row.status].tone}>{topUpStatusLabels[row.status].label}</Badge>
    ),
  },
];

/**
 * Staff: bank transfers across customers. The money that arrived on the provider's
 * account is recorded here against the payment reference, which credits the customer's balance.
 */
export function StaffTopUpsPage() {
  const [search, writeSearch] = useListSearch(parseStaffTopUpsSearch);
  const shown = search.status ?? STAFF_TOP_UPS_SHOWN_DEFAULT;
  const [receiving, setReceiving] = useState<StaffTopUp | null>(null);
  const [notice, setNotice] = useState('');
  const topUps = useStaffTopUps(shown);
  const { formatDateTime } = utcDateFormat();
  const rows: Row[] = (topUps.data?.pages ?? []).flatMap((page) =>
    page.items.map((topUp) => ({
      customer: topUp.customerName ?? topUp.customerId,
      reference: topUp.paymentReference,
      amount: formatAmount(topUp.amount, topUp.currency),
      requested: formatDateTime(topUp.createdAt),
      status: topUp.status,
      topUp,
    })),
  );

  return (
    <div className="flex w-full max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Bank transfers</h1>
        <p className="text-sm text-ink-muted">
          Match the money on the bank statement to its reference and record it. The customer&apos;s
          balance rises by what arrived, and they are e-mailed.
        </p>
      </div>
      <Select
        label="Show"
        options={shownOptions}
        value={shown}
        onChange={(value) => {
          if (value) writeSearch(parseStaffTopUpsSearch({ status: value }));
        }}
        className="max-w-xs"
      />
      <p role="status" className="text-sm text-success empty:hidden">
        {notice}
      </p>
      <DataTable
        caption="Bank transfers"
        hideCaption
        columns={columns}
        rows={rows}
        rowKey={(row) => row.topUp.topUpId}
        rowLabel={(row) => row.reference}
        actionsHeader="Actions"
        rowActions={(row) =>
          row.status === 'PENDING'
            ? [
                {
                  label: 'Record received',
                  accessibleLabel: `Record received: ${row.reference}`,
                  onSelect: () => setReceiving(row.topUp),
                },
              ]
            : []
        }
        loading={topUps.isPending}
        loadingRows={3}
        emptyText={
          shown === 'PENDING' ? 'No bank transfer is waiting for money.' : 'No top-ups to show.'
        }
        error={
          topUps.isError ? (
            <ListLoadError
              what="the top-ups"
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
      <BankStatementImport />
      <LedgerCheck />
      <Dialog
        title={receiving ? `Record ${receiving.paymentReference} as received` : ''}
        open={receiving !== null}
        onOpenChange={(open) => {
          if (!open) setReceiving(null);
        }}
      >
        {receiving ? (
          <ReceiveTopUpForm
            framed={false}
            topUp={receiving}
            onReceived={(updated) => {
              setReceiving(null);
              setNotice(
                `${formatAmount(updated.receivedAmount ?? updated.amount, updated.currency)} added to ${
                  receiving.customerName ?? receiving.customerId
                }'s balance (${updated.paymentReference}).`,
              );
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}
