import type {
  PendingCustomer,
  PendingCustomerApprovalSettings,
  PendingCustomerStatus,
} from '@boon/contracts';
import {
  Button,
  Pagination,
  Select,
  Table,
  TextField,
  type SelectOption,
  type TableColumn,
} from '@boon/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useState, type FormEvent } from 'react';
import { useApiClient } from '../../../api/api-client-context';
import { errorMessage } from '../../../api/error-message';
import { useDateFormat } from '../../../format/dates';
import {
  approvePendingCustomer,
  declinePendingCustomer,
  fetchPendingCustomers,
  PENDING_CUSTOMERS_PAGE_SIZE,
  type PendingCustomerFilter,
} from '../api/pending-customers-api';
import { CustomerSearch } from './customer-search';
import { ApproveDialog, DeclineDialog } from './pending-customer-dialogs';

const ALL = 'ALL';
type StatusChoice = PendingCustomerStatus | typeof ALL;

const statusOptions: SelectOption<StatusChoice>[] = [
  { id: ALL, value: ALL, label: 'All' },
  { id: 'NEW', value: 'NEW', label: 'NEW' },
  { id: 'PENDING', value: 'PENDING', label: 'PENDING' },
  { id: 'APPROVED', value: 'APPROVED', label: 'APPROVED' },
  { id: 'DECLINED', value: 'DECLINED', label: 'DECLINED' },
];

/** The query key prefix of every page of the list; approving or declining refreshes them all. */
export const PENDING_CUSTOMERS_QUERY_KEY = ['pending-customers'] as const;

type Row = PendingCustomer & { actions?: undefined };

/**
 * The table, given `manualSort` (the server orders by company name) and re-rendered only when its
 * own props change. Without manualSort the design system's Table hands TanStack Table a new sorting
 * array on every render; the sorted-row memo then queues a page-index reset that renders it again,
 * and a real keystroke or click on the page turns that loop into a synchronous one that hangs the
 * tab (seen in the browser test).
 */
const PendingCustomersTable = memo(Table) as typeof Table;
const NO_ROWS: Row[] = [];
const rowKey = (row: Row) => row.pendingCustomerId;
type Action = { kind: 'approve' | 'decline'; pendingCustomer: PendingCustomer } | null;

const isOpen = (status: PendingCustomerStatus) => status === 'NEW' || status === 'PENDING';
// Staff decide once the onboarding task has set a request up; one whose set-up failed can only
// be declined (the server holds the same rule).

/**
 * Customers (staff, spec 2.5 /admin/pending-customers): pending customers by company name,
 * filtered by status and name prefix, a page at a time by cursor, with approve and decline.
 */
export function PendingCustomersPage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { formatDateTime } = useDateFormat();
  const [filter, setFilter] = useState<PendingCustomerFilter>({ status: null, namePrefix: '' });
  const [search, setSearch] = useState('');
  /** The cursors of the pages before this one: empty on the first page. */
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1) ?? null;
  const [action, setAction] = useState<Action>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const list = useQuery({
    queryKey: [...PENDING_CUSTOMERS_QUERY_KEY, filter.status, filter.namePrefix.trim(), cursor],
    queryFn: ({ signal }) => fetchPendingCustomers(api, filter, cursor, signal),
    placeholderData: keepPreviousData,
  });

  const changeFilter = (next: PendingCustomerFilter) => {
    setFilter(next);
    setCursors([]);
  };

  const finish = async (message: string) => {
    setAction(null);
    setActionError(null);
    setAnnouncement(message);
    await queryClient.invalidateQueries({ queryKey: PENDING_CUSTOMERS_QUERY_KEY });
  };

  const approve = useMutation({
    mutationFn: (input: {
      pendingCustomer: PendingCustomer;
      settings: PendingCustomerApprovalSettings;
    }) => approvePendingCustomer(api, input.pendingCustomer.pendingCustomerId, input.settings),
    onSuccess: (_customer, input) => finish(`${input.pendingCustomer.companyName} approved.`),
    onError: (error) => setActionError(errorMessage(error)),
  });
  const decline = useMutation({
    mutationFn: (input: { pendingCustomer: PendingCustomer; reason: string }) =>
      declinePendingCustomer(api, input.pendingCustomer.pendingCustomerId, input.reason),
    onSuccess: (_pending, input) => finish(`${input.pendingCustomer.companyName} declined.`),
    onError: (error) => setActionError(errorMessage(error)),
  });

  const openAction = useCallback((next: Action) => {
    setActionError(null);
    setAnnouncement('');
    setAction(next);
  }, []);

  const columns = useMemo<TableColumn<Row>[]>(
    () => [
      { key: 'companyName', header: 'Company' },
      { key: 'domain', header: 'Domain', cell: (row) => row.domain ?? '—' },
      { key: 'requestedBy', header: 'Requested by', cell: (row) => row.requestedBy.emailAddress },
      { key: 'approvalStatus', header: 'Status' },
      { key: 'onboardingTaskState', header: 'Onboarding task' },
      { key: 'createdAt', header: 'Created', cell: (row) => formatDateTime(row.createdAt) },
      {
        key: 'actions',
        header: 'Actions',
        cell: (row) => {
          if (!isOpen(row.approvalStatus)) return null;
          if (row.onboardingTaskState === 'STARTED') {
            return <span className="text-sm text-ink-muted">Being set up…</span>;
          }
          const failed = row.onboardingTaskState === 'ERROR';
          return (
            <div className="flex items-center gap-2">
              {failed ? (
                <span className="text-sm text-ink-muted">Set-up failed</span>
              ) : (
                <Button
                  variant="secondary"
                  aria-label={`Approve ${row.companyName}`}
                  onClick={() => openAction({ kind: 'approve', pendingCustomer: row })}
                >
                  Approve
                </Button>
              )}
              <Button
                variant="secondary"
                aria-label={`Decline ${row.companyName}`}
                onClick={() => openAction({ kind: 'decline', pendingCustomer: row })}
              >
                Decline
              </Button>
            </div>
          );
        },
      },
    ],
    [formatDateTime, openAction],
  );

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    changeFilter({ ...filter, namePrefix: search });
  };

  return (
    <div className="flex w-full flex-col gap-6">
      <h1 className="text-2xl font-semibold text-ink">Customers</h1>
      <h2 className="text-xl font-semibold text-ink">Pending customers</h2>
      <div className="flex flex-wrap items-end gap-4">
        <Select<StatusChoice>
          label="Status"
          options={statusOptions}
          value={filter.status ?? ALL}
          onChange={(value) =>
            changeFilter({ ...filter, status: value === null || value === ALL ? null : value })
          }
        />
        <form role="search" className="flex items-end gap-2" onSubmit={submitSearch}>
          <TextField
            label="Company name begins with"
            value={search}
            onChange={setSearch}
            maxLength={200}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </div>
      <p role="status" className="text-sm text-ink">
        {announcement}
      </p>
      <PendingCustomersTable<Row>
        caption="Pending customers"
        hideCaption
        columns={columns}
        rows={list.data?.items ?? NO_ROWS}
        rowKey={rowKey}
        manualSort
        loading={list.isPending}
        error={
          list.isError
            ? `We couldn't load pending customers: ${errorMessage(list.error)}`
            : undefined
        }
      />
      <Pagination
        cursorBased
        label="Pending customers pages"
        currentPage={cursors.length + 1}
        itemsPerPage={PENDING_CUSTOMERS_PAGE_SIZE}
        prevDisabled={cursors.length === 0 || list.isFetching}
        nextDisabled={!list.data?.nextCursor || list.isPlaceholderData || list.isFetching}
        onPageChange={(page) => {
          if (page > cursors.length + 1) {
            const next = list.data?.nextCursor;
            if (next) setCursors([...cursors, next]);
          } else {
            setCursors(cursors.slice(0, -1));
          }
        }}
      />
      <CustomerSearch />
      {action?.kind === 'approve' ? (
        <ApproveDialog
          key={action.pendingCustomer.pendingCustomerId}
          pendingCustomer={action.pendingCustomer}
          busy={approve.isPending}
          error={actionError}
          onApprove={(settings) =>
            approve.mutate({ pendingCustomer: action.pendingCustomer, settings })
          }
          onCancel={() => setAction(null)}
        />
      ) : null}
      {action?.kind === 'decline' ? (
        <DeclineDialog
          key={action.pendingCustomer.pendingCustomerId}
          pendingCustomer={action.pendingCustomer}
          busy={decline.isPending}
          error={actionError}
          onDecline={(reason) =>
            decline.mutate({ pendingCustomer: action.pendingCustomer, reason })
          }
          onCancel={() => setAction(null)}
        />
      ) : null}
    </div>
  );
}
