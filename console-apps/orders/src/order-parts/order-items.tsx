import type { Order, OrderItem } from '@boon/contracts';
import { useDateFormat } from '@boon/console-kit';
import { Badge, DataTable, type DataTableColumn, type RowAction } from '@boon/ui';
import { CopyButton } from './copy-button';
import { emailStatusLabels, itemStatusLabels } from './order-labels';

interface LinkRow {
  number: string;
  link: string;
  status: string;
  expires: string;
  item: OrderItem;
}

interface RecipientRow {
  name: string;
  email: string;
  status: string;
  emailStatus: string;
  item: OrderItem;
}

function StatusBadge({ item }: { item: OrderItem }) {
  const { label, tone } = itemStatusLabels[item.status];
  return <Badge tone={tone}>{label}</Badge>;
}

const linkColumns: DataTableColumn<LinkRow>[] = [
  { key: 'number', header: 'Link', primary: true },
  {
    key: 'link',
    header: 'Redemption link',
    cell: (row) =>
      row.item.redemptionUrl ? (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-xs break-all">{row.item.redemptionUrl}</span>
          <CopyButton text={row.item.redemptionUrl} label={`Copy ${row.number.toLowerCase()}`} />
        </span>
      ) : (
        'Being made…'
      ),
  },
  { key: 'status', header: 'Status', cell: (row) => <StatusBadge item={row.item} /> },
  { key: 'expires', header: 'Expires' },
];

const recipientColumns: DataTableColumn<RecipientRow>[] = [
  { key: 'name', header: 'Recipient', primary: true },
  { key: 'email', header: 'E-mail' },
  { key: 'status', header: 'Status', cell: (row) => <StatusBadge item={row.item} /> },
  {
    key: 'emailStatus',
    header: 'E-mail status',
    cell: (row) => (
      <span className="flex flex-col gap-1">
        <span>{row.emailStatus}</span>
        {row.item.deliveryError ? (
          <span className="text-danger">{row.item.deliveryError}</span>
        ) : null}
      </span>
    ),
  },
];

/**
 * An order's rewards: a link order's links (each with a copy button), or an e-mail order's
 * recipients with their e-mail status and any delivery error; `actions` adds row actions.
 */
export function OrderItems({
  order,
  actions,
}: {
  order: Order;
  actions?: (item: OrderItem) => readonly RowAction[];
}) {
  const { formatDate } = useDateFormat();
  if (order.deliveryType === 'link') {
    const rows = order.items.map((item, index) => ({
      number: `Link ${index + 1}`,
      link: item.redemptionUrl ?? '',
      status: itemStatusLabels[item.status].label,
      expires: item.expiresAt ? formatDate(item.expiresAt) : '—',
      item,
    }));
    return (
      <DataTable
        caption="Links"
        columns={linkColumns}
        rows={rows}
        rowKey={(row) => row.item.itemId}
        {...(actions ? { rowActions: (row: LinkRow) => actions(row.item) } : {})}
      />
    );
  }
  const rows = order.items.map((item) => ({
    name: item.recipient?.name ?? '—',
    email: item.recipient?.email ?? '—',
    status: itemStatusLabels[item.status].label,
    emailStatus: item.emailStatus ? emailStatusLabels[item.emailStatus] : 'Not sent yet',
    item,
  }));
  return (
    <DataTable
      caption="Recipients"
      columns={recipientColumns}
      rows={rows}
      rowKey={(row) => row.item.itemId}
      {...(actions ? { rowActions: (row: RecipientRow) => actions(row.item) } : {})}
    />
  );
}
