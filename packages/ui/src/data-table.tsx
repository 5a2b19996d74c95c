import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Row as TableRow,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Button } from './button';
import { FieldErrorIcon } from './field';
import { MenuButton, type MenuItem } from './menu-button';
import { rowActionsProps } from './row-action-focus';
import { useKeyboardScrollable } from './scroll-region';
import { Select, type SelectOption } from './select';
import { useNarrowerThan } from './use-narrower-than';

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

/** Below this width (CSS px) of the space it is given, a table shows its rows as cards. */
export const CARDS_BELOW_PX = 640;

export interface DataTableColumn<Row extends object> {
  /** The column's name: the key of the row's value it shows, and sorts by. */
  key: Extract<keyof Row, string>;
  header: string;
  sortable?: boolean;
  /** How the cell reads; the value as text when not given. */
  cell?: (row: Row) => ReactNode;
  /**
   * 'right' for numbers and amounts: right-aligned in the table, tabular figures everywhere;
   * 'center' for marks such as yes/no icons.
   */
  align?: 'left' | 'center' | 'right';
  /**
   * The row's name: the card's title on narrow screens, and the row's header (th scope="row") in
   * the table. Without one, cards take the first column as their title and the table has no
   * row headers.
   */
  primary?: boolean;
  /** Left out of the card, e.g. when the title already says it. */
  hideInCard?: boolean;
  /** Left out of the table: a card's summary of columns the table shows one by one. */
  hideInTable?: boolean;
}

/** Something a person can do to one row: a button in the table, an item of the card's menu. */
export type RowAction = MenuItem;

/** 'auto' picks by the width the table is given (CARDS_BELOW_PX); the others force one. */
export type DataTableLayout = 'auto' | 'table' | 'cards';

export interface DataTableProps<Row extends object> {
  /** The table's name: shown above it, or for assistive technology only with hideCaption. */
  caption: string;
  hideCaption?: boolean;
  columns: readonly DataTableColumn<Row>[];
  /** Spec section 3: a row is a record keyed by column name. */
  rows: readonly Row[];
  rowKey?: (row: Row, index: number) => string;
  /**
   * What can be done to a row, in order. A table shows them as buttons in a last column; a card
   * shows one as a button and several in a menu. An empty list shows nothing for that row.
   */
  rowActions?: (row: Row) => readonly RowAction[];
  /** The row's name in the card menu's name, "Actions for …"; the primary column's value if not given. */
  rowLabel?: (row: Row) => string;
  /** The header of the actions column and the text of each card's menu button. */
  actionsHeader?: string;
  /** Adds a first column headed "#" numbering the rows shown from 1 (plus indexOffset). */
  showIndex?: boolean;
  /** Rows before this page, so page 2 of 10-row pages starts at 11. */
  indexOffset?: number;
  emptyText?: ReactNode;
  /** While true, placeholder rows of a real row's height hold the space the rows will take. */
  loading?: boolean;
  /** How many placeholder rows: the number of rows usually shown (a page, for paged lists). */
  loadingRows?: number;
  /** A message to show instead of the rows, e.g. when loading them failed. */
  error?: ReactNode;
  /** Controlled sort; with onSortChange only, the table keeps its own. */
  sort?: TableSort | null;
  /** The sort at first, ascending unless said otherwise. */
  defaultSort?: { column: string; direction?: SortDirection };
  onSortChange?: (sort: TableSort) => void;
  /** The rows arrive sorted (by the server): headers still toggle, rows are not reordered. */
  manualSort?: boolean;
  layout?: DataTableLayout;
  /** With layout 'auto': below this width of the space given, cards. */
  cardsBelow?: number;
  className?: string;
}

function cellText(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toLocaleString();
  return String(value);
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;
const alignClasses = { left: '', center: 'text-center', right: 'text-right tabular-nums' } as const;
const headerAlignClasses = { left: '', center: 'text-center', right: 'text-right' } as const;
const directionWords = { asc: 'ascending', desc: 'descending' } as const;

/** A caption as it reads inside a sentence: "Pending invites" → "pending invites", "API keys" kept. */
function inSentence(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLocaleLowerCase() + text.slice(1) : text;
}

/**
 * The design system's data table: a real <table> (caption, th scope, aria-sort on sortable
 * headers) where it has room, and below CARDS_BELOW_PX of width a list of cards, one a row, with
 * the primary column as the card's title, the other columns as a description list, and the row's
 * actions as a menu button. Loading shows placeholder rows of the real row height, so the page
 * does not jump when the rows arrive; empty and error states read in the table's place.
 *
 * Which of the two is rendered is decided by the width of the space the table is given (a
 * container query measured before the first paint), not by CSS on one shared DOM: a table styled
 * as blocks loses its table semantics in some browsers, a card needs each value's label where a
 * table has its header, and the actions are buttons in one and a menu in the other.
 */
export function DataTable<Row extends object>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  rowActions,
  rowLabel,
  actionsHeader = 'Actions',
  showIndex = false,
  indexOffset = 0,
  emptyText = EMPTY_TABLE_TEXT,
  loading = false,
  loadingRows = 3,
  error,
  sort: sortProp,
  defaultSort,
  onSortChange,
  manualSort = false,
  layout = 'auto',
  cardsBelow = CARDS_BELOW_PX,
  className = '',
}: DataTableProps<Row>) {
  const [measure, narrow] = useNarrowerThan<HTMLDivElement>(cardsBelow);
  const cards = layout === 'cards' || (layout === 'auto' && narrow);
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

  const changeSort = (next: TableSort) => {
    if (sortProp === undefined) setOwnSort(next);
    onSortChange?.(next);
  };

  const captionId = useId();
  const view: ViewProps<Row> = {
    caption,
    captionId,
    hideCaption,
    columns,
    rows: shownRows,
    rowKey,
    rowActions,
    rowLabel,
    actionsHeader,
    showIndex,
    indexOffset,
    emptyText,
    loading,
    loadingRows,
    error,
    sort,
    changeSort,
  };

  return (
    <div ref={measure} className={className}>
      {cards ? <CardList {...view} /> : <TableView {...view} />}
      {loading ? (
        <p role="status" className="sr-only">
          Loading…
        </p>
      ) : null}
    </div>
  );
}

interface ViewProps<Row extends object> {
  caption: string;
  captionId: string;
  hideCaption: boolean;
  columns: readonly DataTableColumn<Row>[];
  rows: TableRow<Row>[];
  rowKey: ((row: Row, index: number) => string) | undefined;
  rowActions: ((row: Row) => readonly RowAction[]) | undefined;
  rowLabel: ((row: Row) => string) | undefined;
  actionsHeader: string;
  showIndex: boolean;
  indexOffset: number;
  emptyText: ReactNode;
  loading: boolean;
  loadingRows: number;
  error: ReactNode;
  sort: TableSort | null;
  changeSort: (sort: TableSort) => void;
}

function keyOf<Row extends object>(rowKey: ViewProps<Row>['rowKey'], row: TableRow<Row>): string {
  return rowKey ? rowKey(row.original, row.index) : row.id;
}

function cellContent<Row extends object>(column: DataTableColumn<Row>, row: Row): ReactNode {
  return column.cell ? column.cell(row) : cellText(row[column.key]);
}

/** A placeholder for one line of text: as tall as the line, so a row keeps its real height. */
function TextBone({ className = 'w-3/4' }: { className?: string }) {
  return (
    <span className={`block animate-pulse rounded bg-line motion-reduce:animate-none ${className}`}>
      &nbsp;
    </span>
  );
}

/** A placeholder with a button's box (text line, padding and border), so it is as tall as one. */
function ButtonBone({ width = 'w-16' }: { width?: string }) {
  return (
    <span className="inline-flex animate-pulse rounded-md border border-transparent bg-line px-4 py-2 text-sm motion-reduce:animate-none">
      <span className={`inline-block ${width}`}>&nbsp;</span>
    </span>
  );
}

const boneWidths = ['w-3/4', 'w-1/2', 'w-2/3'];

function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <span className="flex items-center justify-center gap-2 text-danger">
      <FieldErrorIcon className="shrink-0" />
      {children}
    </span>
  );
}

function TableView<Row extends object>({
  caption,
  hideCaption,
  columns,
  rows,
  rowKey,
  rowActions,
  actionsHeader,
  showIndex,
  indexOffset,
  emptyText,
  loading,
  loadingRows,
  error,
  sort,
  changeSort,
}: ViewProps<Row>) {
  const scroller = useKeyboardScrollable<HTMLDivElement>(caption);
  const shown = columns.filter((column) => !column.hideInTable);
  const columnCount = shown.length + (showIndex ? 1 : 0) + (rowActions ? 1 : 0);
  const cellClass = (column: DataTableColumn<Row>) =>
    `px-4 py-3 text-ink ${alignClasses[column.align ?? 'left']}`;

  const message = (content: ReactNode, role?: 'alert') => (
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
    body = Array.from({ length: loadingRows }, (_, index) => (
      <tr key={index} aria-hidden="true" className="border-t border-line">
        {showIndex ? (
          <td className="px-4 py-3">
            <TextBone className="w-4" />
          </td>
        ) : null}
        {shown.map((column, position) => (
          <td key={column.key} className={cellClass(column)}>
            <TextBone className={boneWidths[(index + position) % boneWidths.length]} />
          </td>
        ))}
        {rowActions ? (
          <td className="px-4 py-3">
            <ButtonBone />
          </td>
        ) : null}
      </tr>
    ));
  } else if (error) {
    body = message(<ErrorMessage>{error}</ErrorMessage>, 'alert');
  } else if (rows.length === 0) {
    body = message(emptyText);
  } else {
    body = rows.map((row, position) => {
      const actions = rowActions?.(row.original);
      return (
        <tr key={keyOf(rowKey, row)} className="border-t border-line">
          {showIndex ? (
            <td className="px-4 py-3 text-ink-muted tabular-nums">{indexOffset + position + 1}</td>
          ) : null}
          {shown.map((column) =>
            column.primary ? (
              <th key={column.key} scope="row" className={`${cellClass(column)} font-normal`}>
                {cellContent(column, row.original)}
              </th>
            ) : (
              <td key={column.key} className={cellClass(column)}>
                {cellContent(column, row.original)}
              </td>
            ),
          )}
          {actions ? (
            <td className="px-4 py-3">
              {actions.length > 0 ? (
                // Marked with the row's key: after a row's dialog, focus can be sent back here.
                <div className="flex flex-wrap gap-2" {...rowActionsProps(keyOf(rowKey, row))}>
                  {actions.map((action) => (
                    <Button
                      key={action.label}
                      variant="secondary"
                      aria-label={action.accessibleLabel}
                      onClick={action.onSelect}
                    >
                      {action.label}
                    </Button>
                  ))}
                </div>
              ) : null}
            </td>
          ) : null}
        </tr>
      );
    });
  }

  return (
    <div ref={scroller} className="overflow-x-auto rounded-lg border border-line bg-surface">
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
            {shown.map((column) => {
              const direction = sort?.column === column.key ? sort.direction : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={
                    column.sortable ? (direction ? ariaSort[direction] : 'none') : undefined
                  }
                  className={`px-4 py-3 font-medium text-ink-muted ${headerAlignClasses[column.align ?? 'left']}`}
                >
                  {column.sortable ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 rounded-sm hover:text-ink"
                      onClick={() => changeSort(nextSort(sort, column.key))}
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
            {rowActions ? (
              <th scope="col" className="px-4 py-3 font-medium text-ink-muted">
                {actionsHeader}
              </th>
            ) : null}
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

/** A row's actions on a card: one as a button, several behind a menu button. */
function CardActions({
  actions,
  menuLabel,
  menuAccessibleLabel,
}: {
  actions: readonly RowAction[];
  menuLabel: string;
  menuAccessibleLabel: string;
}) {
  const [only] = actions;
  if (!only) return null;
  if (actions.length === 1) {
    return (
      <Button
        variant="secondary"
        className="shrink-0"
        aria-label={only.accessibleLabel}
        onClick={only.onSelect}
      >
        {only.label}
      </Button>
    );
  }
  return (
    <MenuButton
      className="shrink-0"
      label={menuLabel}
      accessibleLabel={menuAccessibleLabel}
      items={actions}
    />
  );
}

/** How a narrow list is sorted, since it has no column headers to click: a native select. */
function CardSort<Row extends object>({
  caption,
  columns,
  sort,
  changeSort,
}: Pick<ViewProps<Row>, 'caption' | 'columns' | 'sort' | 'changeSort'>) {
  const options = useMemo(
    () =>
      columns
        .filter((column) => column.sortable)
        .flatMap((column) =>
          (['asc', 'desc'] as const).map<SelectOption<TableSort>>((direction) => ({
            id: `${column.key}:${direction}`,
            value: { column: column.key, direction },
            label: `${column.header}, ${directionWords[direction]}`,
          })),
        ),
    [columns],
  );
  if (options.length === 0) return null;
  const selected = options.find(
    (option) => option.value.column === sort?.column && option.value.direction === sort.direction,
  );
  return (
    <Select<TableSort>
      className="self-end"
      label={`Sort ${inSentence(caption)} by`}
      options={options}
      value={selected?.value ?? null}
      placeholder="As listed"
      onChange={(value) => {
        if (value) changeSort(value);
      }}
    />
  );
}

function CardList<Row extends object>({
  caption,
  captionId,
  hideCaption,
  columns,
  rows,
  rowKey,
  rowActions,
  rowLabel,
  actionsHeader,
  showIndex,
  indexOffset,
  emptyText,
  loading,
  loadingRows,
  error,
  sort,
  changeSort,
}: ViewProps<Row>) {
  const primary = columns.find((column) => column.primary) ?? columns[0];
  const details = columns.filter((column) => column !== primary && !column.hideInCard);
  const boxClass = 'rounded-lg border border-line bg-surface px-4 py-8 text-center text-sm';
  const nameOf = (row: Row) =>
    rowLabel ? rowLabel(row) : primary ? String(cellText(row[primary.key])) : '';

  let content: ReactNode;
  if (loading) {
    content = Array.from({ length: loadingRows }, (_, index) => (
      <li key={index} aria-hidden="true" className="rounded-lg border border-line bg-surface p-4">
        <div className="flex items-start justify-between gap-3">
          <TextBone className="w-1/2 font-semibold" />
          {rowActions ? <ButtonBone width="w-14" /> : null}
        </div>
        {details.length > 0 ? (
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            {details.map((column, position) => (
              <div key={column.key} className="contents">
                <dt className="text-ink-muted">{column.header}</dt>
                <dd>
                  <TextBone className={boneWidths[(index + position) % boneWidths.length]} />
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
      </li>
    ));
  } else if (error) {
    return (
      <div className="flex flex-col gap-3">
        {hideCaption ? null : <CardCaption id={captionId}>{caption}</CardCaption>}
        <div role="alert" className={boxClass}>
          <ErrorMessage>{error}</ErrorMessage>
        </div>
      </div>
    );
  } else if (rows.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        {hideCaption ? null : <CardCaption id={captionId}>{caption}</CardCaption>}
        <p className={`${boxClass} text-ink-muted`}>{emptyText}</p>
      </div>
    );
  } else {
    content = rows.map((row, position) => {
      const original = row.original;
      return (
        <li key={keyOf(rowKey, row)} className="rounded-lg border border-line bg-surface p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 font-semibold text-ink [overflow-wrap:anywhere]">
              {showIndex ? (
                <span className="mr-2 font-normal text-ink-muted tabular-nums">
                  {indexOffset + position + 1}.
                </span>
              ) : null}
              {primary ? cellContent(primary, original) : null}
            </div>
            {rowActions ? (
              <div className="shrink-0" {...rowActionsProps(keyOf(rowKey, row))}>
                <CardActions
                  actions={rowActions(original)}
                  menuLabel={actionsHeader}
                  menuAccessibleLabel={`${actionsHeader} for ${nameOf(original)}`}
                />
              </div>
            ) : null}
          </div>
          {details.length > 0 ? (
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              {details.map((column) => (
                <div key={column.key} className="contents">
                  <dt className="text-ink-muted">{column.header}</dt>
                  <dd
                    className={`text-ink [overflow-wrap:anywhere] ${column.align === 'right' ? 'tabular-nums' : ''}`}
                  >
                    {cellContent(column, original)}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
        </li>
      );
    });
  }

  return (
    <div className="flex flex-col gap-3">
      {hideCaption ? null : <CardCaption id={captionId}>{caption}</CardCaption>}
      <CardSort caption={caption} columns={columns} sort={sort} changeSort={changeSort} />
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- Safari drops the list role of a list without bullets unless it is restated. */}
      <ul
        role="list"
        aria-label={hideCaption ? caption : undefined}
        aria-labelledby={hideCaption ? undefined : captionId}
        aria-busy={loading || undefined}
        className="flex flex-col gap-3"
      >
        {content}
      </ul>
    </div>
  );
}

function CardCaption({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-base font-semibold text-ink">
      {children}
    </p>
  );
}
