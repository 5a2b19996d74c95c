import {
  type PendingCustomer,
  type PendingCustomerApprovalSettings,
  type PendingCustomerStatus,
} from '@boon/contracts';
import {
  Badge,
  Button,
  DataTable,
  Pagination,
  SearchField,
  Select,
  useRowActionFocus,
  type DataTableColumn,
  type RowAction,
  type SelectOption,
} from '@boon/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  errorMessage,
  useApiClient,
  useCursorTrail,
  useDateFormat,
  useListSearch,
  useSearchBoxText,
} from '@boon/console-kit';
import {
  approvePendingCustomer,
  declinePendingCustomer,
  fetchPendingCustomers,
  PENDING_CUSTOMERS_PAGE_SIZE,
  pendingCustomersQueryKeys,
} from '../api/pending-customers-api';
import {
  approvalStatusLabels,
  approvalStatusTones,
  onboardingTaskLabels,
} from '../pending-customer-labels';
import {
  ALL_STATUSES,
  DEFAULT_STATUS_FILTER,
  parsePendingCustomersSearch,
  SEARCH_TEXT_MAX,
  type PendingCustomersSearch,
  type StatusFilter,
} from '../pending-customers-search';
import { CustomerSearch } from './customer-search';
import { ApproveDialog, DeclineDialog } from './pending-customer-dialogs';

/** The queue first, the filter the list opens on; then the rest of the requests' lives. */
const statusOptions: SelectOption<StatusFilter>[] = [
  ...(['PENDING', 'NEW', 'APPROVED', 'DECLINED'] as const).map((status) => ({
    id: status,
    value: status,
    label: approvalStatusLabels[status],
  })),
  { id: ALL_STATUSES, value: ALL_STATUSES, label: 'All' },
];

type Row = PendingCustomer;

/**
 * The table, given `manualSort` (the server orders by company name) and re-rendered only when its
 * own props change. Without manualSort the design system's DataTable hands TanStack Table a new sorting
 * array on every render; the sorted-row memo then queues a page-index reset that renders it again,
 * and a real keystroke or click on the page turns that loop into a synchronous one that hangs the
 * tab (seen in the browser test).
 */
const PendingCustomersTable = memo(DataTable) as typeof DataTable;
const NO_ROWS: Row[] = [];
const rowKey = (row: Row) => row.pendingCustomerId;
const rowLabel = (row: Row) => row.companyName;
type Action = { kind: 'approve' | 'decline'; pendingCustomer: PendingCustomer } | null;

const isOpen = (status: PendingCustomerStatus) => status === 'NEW' || status === 'PENDING';
// Staff decide once the onboarding task has set a request up; one whose set-up failed can only
// be declined (the server holds the same rule).

/**
 * Customers (staff, spec 2.5 /admin/pending-customers): pending customers by company name,
 * filtered by status and name prefix, a page at a time by cursor, with approve and decline. The
 * filters, the page and the all-customers search live in the address (PendingCustomersSearch),
 * so back and forward, a reload and a shared link show the same list.
 */
export function PendingCustomersPage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { formatDateTime } = useDateFormat();
  const [search, writeSearch] = useListSearch(parsePendingCustomersSearch);
  const { status, name, cursor } = search;
  const paging = useCursorTrail(cursor);
  const [action, setAction] = useState<Action>(null);
  /** The refusal of the last approve or decline, which its dialog shows. */
  const [actionError, setActionError] = useState<unknown>(null);
  const [announcement, setAnnouncement] = useState('');
  const listHeading = useRef<HTMLHeadingElement>(null);

  const list = useQuery({
    queryKey: pendingCustomersQueryKeys.page({ status, name, cursor }),
    queryFn: ({ signal }) => fetchPendingCustomers(api, { status, name, cursor }, signal),
    placeholderData: keepPreviousData,
  });
  // A decided request leaves the Pending list (or loses its buttons): focus moves on to the next
  // request's action, or to the list's heading.
  const rowFocus = useRowActionFocus({
    dialogOpen: action !== null,
    listVersion: list.dataUpdatedAt,
  });

  /** A new filter starts again from the first page. */
  const changeFilter = (
    next: Partial<Pick<PendingCustomersSearch, 'status' | 'name'>>,
    options?: { replace: boolean },
  ) => writeSearch({ ...search, ...next, cursor: undefined }, options);
  const nameBox = useSearchBoxText(name ?? '', (text) =>
    changeFilter({ name: text === '' ? undefined : text }, { replace: true }),
  );

  const finish = async (message: string) => {
    rowFocus.changed();
    setAction(null);
    setActionError(null);
    setAnnouncement(message);
    await queryClient.invalidateQueries({ queryKey: pendingCustomersQueryKeys.pending });
  };

  const approve = useMutation({
    mutationFn: (input: {
      pendingCustomer: PendingCustomer;
      settings: PendingCustomerApprovalSettings;
      idempotencyKey: string;
    }) =>
      approvePendingCustomer(
        api,
        input.pendingCustomer.pendingCustomerId,
        input.settings,
        input.idempotencyKey,
      ),
    onSuccess: (_customer, input) => finish(`${input.pendingCustomer.companyName} approved.`),
    onError: setActionError,
  });
  const decline = useMutation({
    mutationFn: (input: { pendingCustomer: PendingCustomer; reason: string }) =>
      declinePendingCustomer(api, input.pendingCustomer.pendingCustomerId, input.reason),
    onSuccess: (_pending, input) => finish(`${input.pendingCustomer.companyName} declined.`),
    onError: setActionError,
  });

  const rows = list.data?.items ?? NO_ROWS;
  const { opened } = rowFocus;
  const openAction = useCallback(
    (next: NonNullable<Action>) => {
      const id = next.pendingCustomer.pendingCustomerId;
      const index = rows.findIndex((row) => row.pendingCustomerId === id);
      opened({
        rowKey: id,
        following: rows.slice(index + 1).map(rowKey),
        fallback: listHeading.current,
      });
      setActionError(null);
      setAnnouncement('');
      setAction(next);
    },
    [opened, rows],
  );

  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { key: 'companyName', header: 'Company' },
      { key: 'domain', header: 'Domain', cell: (row) => row.domain ?? '—' },
      { key: 'requestedBy', header: 'Requested by', cell: (row) => row.requestedBy.emailAddress },
      {
        key: 'approvalStatus',
        header: 'Status',
        cell: (row) => (
          <Badge tone={approvalStatusTones[row.approvalStatus]}>
            {approvalStatusLabels[row.approvalStatus]}
          </Badge>
        ),
      },
      {
        key: 'onboardingTaskState',
        header: 'Onboarding task',
        cell: (row) => onboardingTaskLabels[row.onboardingTaskState],
      },
      { key: 'createdAt', header: 'Created', cell: (row) => formatDateTime(row.createdAt) },
    ],
    [formatDateTime],
  );
  // The Onboarding task column says why a request offers less: none while it is being set up,
  // only Decline when its set-up failed.
  const rowActions = useCallback(
    (row: Row): RowAction[] => {
      if (!isOpen(row.approvalStatus) || row.onboardingTaskState === 'STARTED') return [];
      const decline: RowAction = {
        label: 'Decline',
        accessibleLabel: `Decline ${row.companyName}`,
        tone: 'danger',
        onSelect: () => openAction({ kind: 'decline', pendingCustomer: row }),
      };
      if (row.onboardingTaskState === 'ERROR') return [decline];
      return [
        {
          label: 'Approve',
          accessibleLabel: `Approve ${row.companyName}`,
          onSelect: () => openAction({ kind: 'approve', pendingCustomer: row }),
        },
        decline,
      ];
    },
    [openAction],
  );

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    nameBox.commitNow();
  };

  return (
    <div className="flex w-full flex-col gap-6">
      <h1 className="text-2xl font-semibold text-ink">Customers</h1>
      <h2 ref={listHeading} tabIndex={-1} className="text-xl font-semibold text-ink">
        Pending customers
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <Select<StatusFilter>
          label="Status"
          options={statusOptions}
          value={status}
          onChange={(value) => changeFilter({ status: value ?? DEFAULT_STATUS_FILTER })}
        />
        <form role="search" className="flex items-end gap-2" onSubmit={submitSearch}>
          <SearchField
            label="Company name begins with"
            value={nameBox.text}
            onChange={nameBox.setText}
            maxLength={SEARCH_TEXT_MAX}
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
        rows={rows}
        rowKey={rowKey}
        rowLabel={rowLabel}
        rowActions={rowActions}
        manualSort
        loading={list.isPending}
        error={
          list.isError ? (
            <ListError
              error={list.error}
              onFirstPage={
                cursor === undefined
                  ? undefined
                  : () => writeSearch({ ...search, cursor: undefined })
              }
            />
          ) : undefined
        }
      />
      {/* What sits below the list comes in once the first page has its real length, so the
          rows arriving do not push it down (a layout shift); later pages keep the previous rows
          on screen until theirs arrive. */}
      {list.isPending ? null : (
        <>
          <Pagination
            cursorBased
            label="Pending customers pages"
            currentPage={paging.page}
            itemsPerPage={PENDING_CUSTOMERS_PAGE_SIZE}
            prevDisabled={cursor === undefined || list.isFetching}
            nextDisabled={!list.data?.nextCursor || list.isPlaceholderData || list.isFetching}
            onPageChange={(page) => {
              const target =
                page > paging.page
                  ? list.data?.nextCursor && paging.forward(list.data.nextCursor)
                  : paging.back();
              if (target)
                writeSearch({ ...search, cursor: target.cursor }, { state: target.state });
            }}
          />
          <CustomerSearch
            search={search.customers ?? null}
            onSearch={(text) => writeSearch({ ...search, customers: text })}
          />
        </>
      )}
      {action?.kind === 'approve' ? (
        <ApproveDialog
          key={action.pendingCustomer.pendingCustomerId}
          pendingCustomer={action.pendingCustomer}
          busy={approve.isPending}
          error={actionError}
          onApprove={(settings, idempotencyKey) =>
            approve.mutate({ pendingCustomer: action.pendingCustomer, settings, idempotencyKey })
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

/**
 * Why the list failed. A cursor from an old or edited address can be refused outright, so a page
 * past the first offers the way back to it.
 */
function ListError({ error, onFirstPage }: { error: unknown; onFirstPage?: () => void }) {
  return (
    <span className="flex flex-wrap items-center justify-center gap-3">
      <span>We couldn&apos;t load pending customers: {errorMessage(error)}</span>
      {onFirstPage ? (
        <Button variant="secondary" onClick={onFirstPage}>
          Go to the first page
        </Button>
      ) : null}
    </span>
  );
}
