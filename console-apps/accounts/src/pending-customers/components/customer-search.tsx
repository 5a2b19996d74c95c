import { COMPANY_NAME_MAX_LENGTH, roleLabels, type Customer } from '@boon/contracts';
import { discountMultiplierToPercent } from '@boon/domain';
import {
  Badge,
  Button,
  DataTable,
  Drawer,
  SearchField,
  type DataTableColumn,
  type RowAction,
} from '@boon/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useCallback, useState, type FormEvent } from 'react';
import { errorMessage, queryKeys, useApiClient } from '@boon/console-kit';
import { fetchCustomerWithMembers, searchCustomers } from '../api/pending-customers-api';

type Row = Customer;
const CustomersTable = memo(DataTable) as typeof DataTable;
const NO_ROWS: Row[] = [];
const rowKey = (row: Row) => row.customerId;
const rowLabel = (row: Row) => row.customerName;

/** The stored multiplier as the percentage off it gives ("0.97" → "3%"); a dash for none. */
function discountText(multiplier: string | undefined): string {
  if (multiplier === undefined) return '—';
  try {
    return `${discountMultiplierToPercent(multiplier)}%`;
  } catch {
    // Not a multiplier the contract allows: shown as stored rather than hidden.
    return multiplier;
  }
}

function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

/** The state a customer is in, as staff read it: playground, limited or active. */
function standing(customer: Customer): string {
  if (customer.playgroundMode) return 'Playground';
  if (customer.limitedAccess) return 'Limited access';
  return 'Active';
}

const columns: DataTableColumn<Row>[] = [
  { key: 'customerName', header: 'Name' },
  { key: 'customerId', header: 'Customer id' },
  { key: 'source', header: 'Source' },
  { key: 'playgroundMode', header: 'Standing', cell: (row) => standing(row) },
];

export interface CustomerSearchProps {
  /**
   * The search submitted, when the page keeps it (in its address); null until the first one, so
   * the page doesn't list every customer. Without it the search is this component's own.
   */
  search?: string | null;
  onSearch?: (search: string) => void;
}

/** Staff: every customer by name or id, and one opened with its settings and members. */
export function CustomerSearch({ search: kept, onSearch }: CustomerSearchProps = {}) {
  const api = useApiClient();
  const [text, setText] = useState(kept ?? '');
  const [ownSearch, setOwnSearch] = useState<string | null>(null);
  const search = kept === undefined ? ownSearch : kept;
  // Back and forward change the kept search; the box follows.
  const [shownSearch, setShownSearch] = useState(kept);
  if (kept !== shownSearch) {
    setShownSearch(kept);
    setText(kept ?? '');
  }
  const [openId, setOpenId] = useState<string | null>(null);

  const results = useQuery({
    queryKey: queryKeys.staff('customers', search),
    queryFn: ({ signal }) => searchCustomers(api, search ?? '', signal),
    placeholderData: keepPreviousData,
    enabled: search !== null,
  });
  const details = useQuery({
    queryKey: queryKeys.staff('customers', 'details', openId),
    queryFn: ({ signal }) => fetchCustomerWithMembers(api, openId ?? '', signal),
    enabled: openId !== null,
  });

  const open = useCallback((id: string) => setOpenId(id), []);
  const rowActions = useCallback(
    (row: Row): RowAction[] => [
      {
        label: 'Open',
        accessibleLabel: `Open ${row.customerName}`,
        onSelect: () => open(row.customerId),
      },
    ],
    [open],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (onSearch) onSearch(text.trim());
    else setOwnSearch(text);
  };
  const customer = details.data?.customer;

  return (
    <section aria-labelledby="all-customers-heading" className="flex flex-col gap-4">
      <h2 id="all-customers-heading" className="text-xl font-semibold text-ink">
        All customers
      </h2>
      <form
        role="search"
        aria-label="All customers"
        className="flex items-end gap-2"
        onSubmit={submit}
      >
        <SearchField
          label="Name or customer id"
          value={text}
          onChange={setText}
          maxLength={COMPANY_NAME_MAX_LENGTH}
        />
        <Button type="submit" variant="secondary">
          Find customers
        </Button>
      </form>
      {search === null ? (
        <p className="text-sm text-ink-muted">
          Find a customer by a part of its name or id, or search with the field empty to list all.
        </p>
      ) : (
        <CustomersTable<Row>
          caption="All customers"
          hideCaption
          columns={columns}
          rows={results.data ?? NO_ROWS}
          rowKey={rowKey}
          rowLabel={rowLabel}
          rowActions={rowActions}
          actionsHeader="Details"
          manualSort
          loading={results.isPending}
          error={
            results.isError
              ? `We couldn't find customers: ${errorMessage(results.error)}`
              : undefined
          }
        />
      )}
      <Drawer
        title={customer?.customerName ?? 'Customer'}
        open={openId !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setOpenId(null);
        }}
        direction="right"
        size="min(36rem, 100%)"
      >
        {details.isPending ? (
          <p role="status" className="text-sm text-ink-muted">
            Loading the customer…
          </p>
        ) : details.isError ? (
          <p role="alert" className="text-sm text-danger">
            We couldn't load this customer: {errorMessage(details.error)}
          </p>
        ) : customer ? (
          <div className="flex flex-col gap-4 text-sm text-ink">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-ink-muted">Customer id</dt>
              <dd>{customer.customerId}</dd>
              <dt className="text-ink-muted">Contact</dt>
              <dd>{customer.contactEmailAddress ?? '—'}</dd>
              <dt className="text-ink-muted">Source</dt>
              <dd>{customer.source}</dd>
              <dt className="text-ink-muted">Standing</dt>
              <dd>{standing(customer)}</dd>
              <dt className="text-ink-muted">Balances</dt>
              <dd>
                {customer.customerFeatureFlags.balances.enabled
                  ? customer.customerFeatureFlags.balances.floats.join(', ') || 'On'
                  : 'Off'}
              </dd>
              <dt className="text-ink-muted">FX</dt>
              <dd>{yesNo(customer.customerFeatureFlags.fx)}</dd>
              <dt className="text-ink-muted">Discount</dt>
              <dd>{discountText(customer.discountConfig?.flatRateMultiplier)}</dd>
              <dt className="text-ink-muted">Order limits</dt>
              <dd>
                {customer.orderLimits?.length
                  ? customer.orderLimits.map((l) => `${l.currency} ${l.maxOrderValue}`).join(', ')
                  : '—'}
              </dd>
            </dl>
            <h3 className="font-semibold">Members</h3>
            {details.data.members.length === 0 ? (
              <p>No members.</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {details.data.members.map((member) => (
                  <li key={member.id}>
                    {`${member.firstName} ${member.lastName}`.trim() || member.emailAddress} (
                    {member.emailAddress}): {member.roles.map((r) => roleLabels[r] ?? r).join(', ')}
                    {member.blocked ? (
                      <>
                        {' '}
                        <Badge tone="danger">Blocked</Badge>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </Drawer>
    </section>
  );
}
