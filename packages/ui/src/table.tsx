import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { FieldErrorIcon } from './field';
import { Spinner } from './spinner';

export type SortDirection = 'asc' | 'desc';

export interface TableSort {
  column: string;
  direction: SortDirection;
}

/** Spec section 4.5: a new column sorts ascending first; the same column toggles; one at a time. */
export function nextSort(current: TableSort | null | undefined, column: string): TableSort {
  if (current?.column === column) {
    return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { column, direction: 'asc' };
}

/** Spec section 8: what an empty table says unless told otherwise. */
export const EMPTY_TABLE_TEXT = 'No record found.';

export interface TableColumn<Row extends object> {
  /** The column's name: the key of the row's value it shows. */
  key: Extract<keyof Row, string>;
  header: string;
  sortable?: boolean;
  /** How the cell reads; the value as text when not given. */
  cell?: (row: Row) => ReactNode;
  align?: 'left' | 'right';
}

export interface TableProps<Row extends object> {
  /** The table's name: shown above it, or for assistive technology only with hideCaption. */
  caption: string;
  hideCaption?: boolean;
  columns: readonly TableColumn<Row>[];
  /** Spec section 3: a row is a record keyed by column name. */
  rows: readonly Row[];
  rowKey?: (row: Row, index: number) => string;
  /** Adds a first column headed "#" numbering the rows shown from 1 (plus indexOffset). */
  showIndex?: boolean;
  /** Rows before this page, so page 2 of 10-row pages starts at 11. */
  indexOffset?: number;
  emptyText?: ReactNode;
  loading?: boolean;
  /** A message to show instead of the rows, e.g. when loading them failed. */
  error?: ReactNode;
  /** Controlled sort; with onSortChange only, the table keeps its own. */
  sort?: TableSort | null;
  /** The sort at first, ascending unless said otherwise. */
  defaultSort?: { column: string; direction?: SortDirection };
  onSortChange?: (sort: TableSort) => void;
  /** The rows arrive sorted (by the server): headers still toggle, rows are not reordered. */
  manualSort?: boolean;
  className?: string;
}

function cellText(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toLocaleString();
  return String(value);
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/** A data table with sortable headers, an optional "#" column, and loading, error and empty states. */
export function Table<Row extends object>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  showIndex = false,
  indexOffset = 0,
  emptyText = EMPTY_TABLE_TEXT,
  loading = false,
  error,
  sort: sortProp,
  defaultSort,
  onSortChange,
  manualSort = false,
  className = '',
}: TableProps<Row>) {
  const [ownSort, setOwnSort] = useState<TableSort | null>(
    defaultSort ? { column: defaultSort.column, direction: defaultSort.direction ?? 'asc' } : null,
  );
  const sort = sortProp === undefined ? ownSort : sortProp;
  // Stable between renders: TanStack Table treats a new sorting array as a state change and
  // re-sorts, whose automatic page-index reset re-renders us; a fresh array on every render
  // looped forever as soon as anything else on the page re-rendered.
  const sortColumn = sort?.column;
  const sortDirection = sort?.direction;
  const sorting = useMemo<SortingState>(
    () => (sortColumn ? [{ id: sortColumn, desc: sortDirection === 'desc' }] : []),
    [sortColumn, sortDirection],
  );
  // Callers often pass a new columns array each render; what the table model needs of it is
  // only each column's key and sortability.
  const columnShape = JSON.stringify(
    columns.map((column) => [column.key, Boolean(column.sortable)]),
  );
  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      (JSON.parse(columnShape) as [Extract<keyof Row, string>, boolean][]).map(
        ([key, sortable]) => ({
          id: key,
          accessorFn: (row: Row) => row[key],
          enableSorting: sortable,
          sortUndefined: 'last',
        }),
      ),
    [columnShape],
  );
  // The console does not use the React Compiler, and the table's sort state lives in this component.
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table is known not to be memoizable.
  const table = useReactTable<Row>({
    data: rows as Row[],
    columns: columnDefs,
    state: { sorting },
    manualSorting: manualSort,
    enableMultiSort: false,
    // This table does not paginate (Pagination sits beside it), so nothing is reset on changes.
    autoResetAll: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const shownRows = table.getRowModel().rows;
  const columnCount = columns.length + (showIndex ? 1 : 0);

  const changeSort = (column: string) => {
    const next = nextSort(sort, column);
    if (sortProp === undefined) setOwnSort(next);
    onSortChange?.(next);
  };

  const message = (content: ReactNode, role?: 'alert' | 'status') => (
    <tr>
      <td colSpan={columnCount} className="px-4 py-8 text-center text-ink-muted">
        <div role={role} className="flex items-center justify-center gap-2">
          {content}
        </div>
      </td>
    </tr>
  );

  let body: ReactNode;
  if (loading) {
    body = message(
      <>
        <Spinner className="h-5 w-5" />
        Loading…
      </>,
      'status',
    );
  } else if (error) {
    body = message(
      <span className="flex items-center gap-2 text-danger">
        <FieldErrorIcon className="shrink-0" />
        {error}
      </span>,
      'alert',
    );
  } else if (shownRows.length === 0) {
    body = message(emptyText);
  } else {
    body = shownRows.map((row, position) => (
      <tr key={rowKey ? rowKey(row.original, row.index) : row.id} className="border-t border-line">
        {showIndex ? (
          <td className="px-4 py-3 text-ink-muted tabular-nums">{indexOffset + position + 1}</td>
        ) : null}
        {columns.map((column) => (
          <td
            key={column.key}
            className={`px-4 py-3 text-ink ${column.align === 'right' ? 'text-right tabular-nums' : ''}`}
          >
            {column.cell ? column.cell(row.original) : cellText(row.original[column.key])}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div className={`overflow-x-auto rounded-lg border border-line bg-surface ${className}`}>
      <table className="w-full border-collapse text-left text-sm" aria-busy={loading || undefined}>
        <caption
          className={
            hideCaption ? 'sr-only' : 'px-4 py-3 text-left text-base font-semibold text-ink'
          }
        >
          {caption}
        </caption>
        <thead className="bg-surface-muted">
          <tr>
            {showIndex ? (
              <th scope="col" className="px-4 py-3 font-medium text-ink-muted">
                #
              </th>
            ) : null}
            {columns.map((column) => {
              const direction = sort?.column === column.key ? sort.direction : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={
                    column.sortable ? (direction ? ariaSort[direction] : 'none') : undefined
                  }
                  className={`px-4 py-3 font-medium text-ink-muted ${column.align === 'right' ? 'text-right' : ''}`}
                >
                  {column.sortable ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 rounded-sm hover:text-ink"
                      onClick={() => changeSort(column.key)}
                    >
                      {column.header}
                      <SortIcon direction={direction} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

function SortIcon({ direction }: { direction: SortDirection | undefined }) {
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return <Icon aria-hidden="true" focusable="false" className="h-3.5 w-3.5" />;
}
