import { csvLine } from '@boon/domain';
import {
  Button,
  primaryLinkClasses,
  secondaryLinkClasses,
  Select,
  useNarrowerThan,
  CARDS_BELOW_PX,
  type SelectOption,
} from '@boon/ui';
import { Link, Navigate } from '@tanstack/react-router';
import { useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { downloadCsv } from '../order-parts';
import { useBulkDraft, type BulkFileState } from './bulk-context';
import { editSheet, type SheetEntry } from './bulk-file';
import { bulkFieldLabels, BULK_FIELDS, type BulkField } from './column-mapping';
import {
  acceptDuplicates,
  duplicateWarning,
  findDuplicateRecipients,
} from './duplicate-recipients';
import { DuplicatesNotice } from './duplicates-notice';
import { FindReplaceForm } from './find-replace-form';
import { gridFilterLabels, listRows, rowsDrawn, type GridFilter } from './grid-filter';
import { SelectedRowsForm } from './selected-rows-form';
import {
  applyChecked,
  checkChangedRows,
  deleteRows,
  replaceInColumn,
  setColumnValue,
  type CellChanges,
} from './sheet-tools';

const ROW_HEIGHT = 64;
/** The grid's scroller height wherever it is not measured (not laid out yet, or in tests). */
const GRID_HEIGHT_PX = 448;

/** A card: its row number, then each field (its label, its value or editor, a note of up to two lines), then its actions. */
const CARD_HEAD_HEIGHT = 40;
const CARD_FIELD_HEIGHT = 88;
const CARD_ACTIONS_HEIGHT = 52;

const filterOptions: SelectOption<GridFilter>[] = (
  Object.keys(gridFilterLabels) as GridFilter[]
).map((filter) => ({ id: filter, value: filter, label: gridFilterLabels[filter] }));

/**
 * The scroller's size as its ResizeObserver reports it, after the browser's own layout. The
 * virtualizer's own way measures it at once too, which laid the page out in the middle of the
 * grid's first render (15 ms at 50,000 rows in the bench); until the first report, the grid's
 * initialRect stands. A scroller measured as nothing is taken at the grid's own height.
 */
function observeScrollerRect(
  instance: Virtualizer<HTMLDivElement, Element>,
  update: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(() => {
    const { width, height } = element.getBoundingClientRect();
    update({ width: Math.round(width), height: height > 0 ? Math.round(height) : GRID_HEIGHT_PX });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

function problemsCsv(entries: readonly SheetEntry[], fields: readonly BulkField[]): string {
  return (
    csvLine(['Row', ...fields.map((field) => bulkFieldLabels[field]), 'Problems']) +
    entries
      .filter((entry) => !entry.check.ok)
      .map((entry) =>
        csvLine([
          entry.line,
          ...fields.map((field) => entry.raw[field] ?? ''),
          entry.check.ok ? '' : Object.values(entry.check.errors).join(' '),
        ]),
      )
      .join('')
  );
}

const cells = (count: number) => (count === 1 ? '1 cell' : `${count.toLocaleString()} cells`);
const rowsOf = (count: number) => (count === 1 ? '1 row' : `${count.toLocaleString()} rows`);

/**
 * /bulk/preview/errors (spec 2.4: errors-preview, which returns to create): the rows
 * in a grid that keeps 50,000 of them smooth (only the rows on screen are drawn), each problem
 * at its cell and each duplicate address warned of at its cell. Arrow keys move between cells,
 * Enter edits one and Escape cancels; an edited row alone is checked again. Find and replace in a
 * column, and one value for the selected rows, change many rows at once: those rows alone are
 * checked again, in the Web Worker. Rows can be deleted, and those with problems downloaded.
 */
export function BulkErrorsPage() {
  const { file, setFile, summary } = useBulkDraft();
  const [filter, setFilter] = useState<GridFilter>('attention');
  const [shown, setShown] = useState<number[]>(() =>
    file?.sheet && summary ? listRows(file.sheet.entries, 'attention', summary.duplicateRows) : [],
  );
  // Ticked rows, by spreadsheet row: those stay the same rows when others are deleted.
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [focus, setFocus] = useState({ row: 0, column: 1 });
  const [editing, setEditing] = useState<{ value: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const [lastChange, setLastChange] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  // After an edit is saved or cancelled, the keyboard carries on from its cell.
  const refocus = useRef(false);
  const editor = useRef<HTMLInputElement>(null);
  // A check in the worker ends after other changes may have been made: it joins the file as it is then.
  const latest = useRef(file);
  useEffect(() => {
    latest.current = file;
  }, [file]);
  const isEditing = editing !== null;
  // The editor takes the keyboard as it opens.
  useEffect(() => {
    if (isEditing) editor.current?.focus();
  }, [isEditing]);
  const fields = useMemo(
    () => BULK_FIELDS.filter((field) => file?.mapping.includes(field)),
    [file?.mapping],
  );
  // The row's tick box, then its fields, then its actions.
  const columns = fields.length + 2;
  const [measureWidth, cards] = useNarrowerThan<HTMLDivElement>(CARDS_BELOW_PX);
  const rowHeight = cards
    ? CARD_HEAD_HEIGHT + fields.length * CARD_FIELD_HEIGHT + CARD_ACTIONS_HEIGHT
    : ROW_HEIGHT;
  const drawn = rowsDrawn(shown.length, cards ? rowHeight : null);
  const virtualizer = useVirtualizer({
    count: drawn,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    // A scroller measured as nothing (not laid out yet, or where nothing is, as in tests) is
    // taken at the grid's own height, so rows are drawn rather than none.
    initialRect: { width: 1024, height: GRID_HEIGHT_PX },
    observeElementRect: observeScrollerRect,
  });

  // Rows turned into cards, or back: every row's place is worked out again, before the paint.
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);

  // The focused cell follows the keyboard, scrolled into view and given focus: its control
  // (tick box, buttons) where it has one, so Space and Enter work it.
  useEffect(() => {
    if (editing) return;
    virtualizer.scrollToIndex(focus.row, { align: 'auto' });
    const cell = grid.current?.querySelector<HTMLElement>(
      `[data-cell="${focus.row}:${focus.column}"]`,
    );
    if (cell && (refocus.current || grid.current?.contains(document.activeElement))) {
      refocus.current = false;
      const control = cell.querySelector<HTMLElement>('input, button') ?? cell;
      if (!control.contains(document.activeElement)) control.focus();
    }
  }, [focus, editing, virtualizer]);

  if (!file?.sheet || !summary) return <Navigate to="/bulk/create" replace />;
  const sheet = file.sheet;
  // Asked for by the tools that act on the listed rows, not worked out at every render: with
  // 50,000 rows listed that was a few milliseconds of every key press in the grid.
  const listedLines = () => shown.flatMap((index) => sheet.entries[index]?.line ?? []);

  const withEntries = (current: BulkFileState, entries: SheetEntry[]): BulkFileState => ({
    ...current,
    sheet: current.sheet ? { ...current.sheet, entries } : null,
  });

  /** The filter's rows listed anew (after a change to many rows), the selection kept to them. */
  const relist = (entries: readonly SheetEntry[], by: GridFilter) => {
    // The summary's own answer for these rows (findDuplicateRecipients keeps it per list).
    const next = listRows(entries, by, findDuplicateRecipients(entries).others);
    setShown(next);
    setSelected((current) => {
      if (current.size === 0) return current;
      const lines = new Set(next.map((index) => entries[index]?.line));
      return new Set([...current].filter((line) => lines.has(line)));
    });
    setFocus((current) => ({ row: 0, column: current.column }));
  };

  /** Many rows changed: their cells at once, then their check from the worker. */
  const changeRows = async (changes: CellChanges, done: string) => {
    if (changes.size === 0) {
      setLastChange(done);
      return;
    }
    // The cells the changes were made from: a row edited by hand meanwhile keeps its edit.
    const started = new Map(
      sheet.entries
        .filter((entry) => changes.has(entry.line))
        .map((entry) => [entry.line, entry.raw] as const),
    );
    setChecking(true);
    setLastChange(`Checking ${rowsOf(changes.size)} again…`);
    try {
      const checked = await checkChangedRows(changes, fields, sheet.defaults, sheet.facts);
      const current = latest.current;
      if (!current?.sheet) return;
      const entries = applyChecked(current.sheet.entries, started, checked);
      setFile(withEntries(current, entries));
      relist(entries, filter);
      setLastChange(done);
    } catch {
      setLastChange('The changed rows could not be checked again. Try again.');
    } finally {
      setChecking(false);
    }
  };

  const commit = (value: string) => {
    const index = shown[focus.row];
    const field = fields[focus.column - 1];
    if (index === undefined || !field) return;
    setFile(
      withEntries(file, editSheet(sheet.entries, index, field, value, sheet.defaults, sheet.facts)),
    );
    setEditing(null);
  };

  const remove = (position: number) => {
    const index = shown[position];
    const entry = sheet.entries[index ?? -1];
    if (index === undefined || !entry) return;
    setFile(
      withEntries(
        file,
        sheet.entries.filter((_, at) => at !== index),
      ),
    );
    setShown((current) =>
      current.filter((_, at) => at !== position).map((at) => (at > index ? at - 1 : at)),
    );
    setSelected((current) => new Set([...current].filter((line) => line !== entry.line)));
    setFocus((current) => ({
      row: Math.max(0, Math.min(current.row, shown.length - 2)),
      column: current.column,
    }));
  };

  const accept = (lines: ReadonlySet<number>) => {
    setFile(withEntries(file, acceptDuplicates(sheet.entries, lines)));
    setLastChange(
      lines.size === 1
        ? `Row ${[...lines][0]} accepted: it gets a reward too.`
        : `${rowsOf(lines.size)} accepted: each gets a reward.`,
    );
  };

  const toggle = (line: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(line);
      else next.delete(line);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing) return;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setFocus((current) => ({
        row: Math.max(0, Math.min(drawn - 1, current.row + move[0])),
        column: Math.max(0, Math.min(columns - 1, current.column + move[1])),
      }));
    } else if (event.key === 'Enter' && focus.column >= 1 && focus.column <= fields.length) {
      event.preventDefault();
      const entry = sheet.entries[shown[focus.row] ?? -1];
      const field = fields[focus.column - 1];
      if (entry && field) setEditing({ value: entry.raw[field] ?? '' });
    }
  };

  const focusOn = (row: number, column: number) =>
    setFocus((current) =>
      current.row === row && current.column === column ? current : { row, column },
    );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Fix the rows</h1>
        <p className="text-sm text-ink-muted">
          Use the arrow keys to move between cells, Enter to change one, Escape to leave it as it
          was. A changed row is checked again at once.
        </p>
      </div>
      <DuplicatesNotice
        summary={summary}
        onAcceptAll={() =>
          accept(
            new Set(
              sheet.entries
                .filter(
                  (entry) => summary.duplicateRows.has(entry.line) && !entry.duplicateAccepted,
                )
                .map((entry) => entry.line),
            ),
          )
        }
      />
      <div className="flex flex-col gap-4">
        <FindReplaceForm
          fields={fields}
          rowsListed={shown.length}
          listedLabel={gridFilterLabels[filter]}
          busy={checking}
          onReplace={(change) => {
            const changes = replaceInColumn(sheet.entries, new Set(listedLines()), change);
            const column = bulkFieldLabels[change.field];
            void changeRows(
              changes,
              changes.size === 0
                ? `No cell of ${column} in the listed rows holds “${change.find}”.`
                : `Replaced in ${cells(changes.size)} of ${column}, and checked those rows again.`,
            );
          }}
        />
        <SelectedRowsForm
          fields={fields}
          selected={selected.size}
          rowsListed={shown.length}
          busy={checking}
          onSelectAll={(on) => setSelected(on ? new Set(listedLines()) : new Set())}
          onSetValue={(field, value) => {
            const changes = setColumnValue(sheet.entries, selected, field, value);
            void changeRows(
              changes,
              `Set ${bulkFieldLabels[field]} in ${cells(changes.size)}, and checked those rows again.`,
            );
          }}
          onDelete={() => {
            const count = selected.size;
            const entries = deleteRows(sheet.entries, selected);
            setFile(withEntries(file, entries));
            relist(entries, filter);
            setSelected(new Set());
            setLastChange(`Deleted ${rowsOf(count)}.`);
          }}
        />
      </div>
      <p role="status" aria-label="Last change" className="text-sm text-ink empty:hidden">
        {lastChange}
      </p>
      <div className="flex flex-wrap items-end gap-4">
        <Select<GridFilter>
          label="Show"
          options={filterOptions}
          value={filter}
          onChange={(value) => {
            const next = value ?? 'attention';
            setFilter(next);
            relist(sheet.entries, next);
          }}
        />
        <Button
          variant="secondary"
          onClick={() => downloadCsv(problemsCsv(sheet.entries, fields), 'rows-with-problems.csv')}
          disabled={summary.rowsWithProblems === 0}
        >
          Download the rows with problems (CSV)
        </Button>
      </div>
      <p role="status" className="text-sm text-ink">
        {summary.rowsWithProblems > 0
          ? `${summary.rowsWithProblems.toLocaleString()} of ${sheet.entries.length.toLocaleString()} rows still have problems.`
          : summary.duplicatesToAccept > 0
            ? `No row has a problem; ${rowsOf(summary.duplicatesToAccept)} with a duplicate address still to accept or change.`
            : `Every row is ready: ${sheet.entries.length.toLocaleString()} rows.`}
      </p>
      {drawn < shown.length ? (
        <p className="text-sm text-ink-muted">
          This screen lists the first {drawn.toLocaleString()} of {shown.length.toLocaleString()}{' '}
          rows. Choose fewer with Show, or use a wider screen to list them all.
        </p>
      ) : null}
      <div ref={measureWidth}>
        <div
          ref={grid}
          role="grid"
          aria-label="Rows of the spreadsheet"
          aria-rowcount={drawn + 1}
          aria-colcount={columns}
          aria-multiselectable="true"
          // Focus lives on the cells (one in the tab order at a time); the grid hears their keys.
          // With no row listed the grid itself is the tab stop, so its width still scrolls by keyboard.
          tabIndex={shown.length === 0 ? 0 : -1}
          onKeyDown={onKeyDown}
          className={`rounded-md border border-line ${cards ? '' : 'overflow-x-auto'}`}
        >
          <div
            role="row"
            aria-rowindex={1}
            // As cards, each field carries its label, and the headers are for screen readers.
            className={
              cards
                ? 'sr-only'
                : 'flex min-w-max border-b border-line bg-surface-muted text-sm font-medium text-ink-muted'
            }
          >
            <div role="columnheader" className="w-24 shrink-0 px-3 py-2">
              Row
            </div>
            {fields.map((field) => (
              <div key={field} role="columnheader" className="w-56 shrink-0 px-3 py-2">
                {bulkFieldLabels[field]}
              </div>
            ))}
            <div role="columnheader" className="w-44 shrink-0 px-3 py-2">
              <span className="sr-only">Actions</span>
            </div>
          </div>
          <div
            ref={scroller}
            className={`overflow-y-auto ${cards ? 'max-h-[70vh]' : 'max-h-[28rem] min-w-max'}`}
          >
            {shown.length === 0 ? (
              <p className="px-3 py-6 text-sm text-ink-muted">
                {filter === 'all' ? 'No rows left.' : 'No row is listed here now.'}
              </p>
            ) : (
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const entry = sheet.entries[shown[item.index] ?? -1];
                  if (!entry) return null;
                  const errors = entry.check.ok ? {} : entry.check.errors;
                  const others = summary.duplicateRows.get(entry.line);
                  const ticked = selected.has(entry.line);
                  const rowFocused = focus.row === item.index;
                  return (
                    <div
                      key={item.key}
                      role="row"
                      aria-rowindex={item.index + 2}
                      aria-selected={ticked}
                      className={`absolute left-0 flex w-full border-b border-line text-sm ${cards ? 'flex-col' : ''} ${ticked ? 'bg-brand-50' : ''}`}
                      style={{ top: item.start, height: rowHeight }}
                    >
                      <div
                        role="rowheader"
                        data-cell={`${item.index}:0`}
                        onFocus={() => focusOn(item.index, 0)}
                        className={`flex shrink-0 items-center gap-2 px-3 tabular-nums ${cards ? 'h-10 font-medium text-ink' : 'w-24 py-2 text-ink-muted'}`}
                      >
                        <input
                          type="checkbox"
                          aria-label={`Select row ${entry.line}`}
                          checked={ticked}
                          tabIndex={rowFocused && focus.column === 0 ? 0 : -1}
                          onChange={(event) => toggle(entry.line, event.target.checked)}
                          className="h-4 w-4"
                        />
                        {cards ? `Row ${entry.line}` : entry.line}
                      </div>
                      {fields.map((field, at) => {
                        const column = at + 1;
                        const focused = rowFocused && focus.column === column;
                        const error = errors[field];
                        const warning =
                          field === 'email' && others
                            ? duplicateWarning(others, entry.duplicateAccepted === true)
                            : undefined;
                        const noteId = `cell-note-${entry.line}-${field}`;
                        return (
                          <div
                            key={field}
                            role="gridcell"
                            data-cell={`${item.index}:${column}`}
                            tabIndex={focused && !editing ? 0 : -1}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error || warning ? noteId : undefined}
                            onFocus={() => focusOn(item.index, column)}
                            className={`shrink-0 overflow-hidden px-3 py-1 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${cards ? 'w-full' : 'w-56'} ${error ? 'bg-danger-surface' : warning && !entry.duplicateAccepted ? 'bg-amber-50' : ''}`}
                            style={cards ? { height: CARD_FIELD_HEIGHT } : undefined}
                          >
                            {cards ? (
                              // The column's header says it to a screen reader already.
                              <span
                                aria-hidden="true"
                                className="block text-xs font-medium text-ink-muted"
                              >
                                {bulkFieldLabels[field]}
                              </span>
                            ) : null}
                            {focused && editing ? (
                              <input
                                aria-label={`${bulkFieldLabels[field]}, row ${entry.line}`}
                                ref={editor}
                                value={editing.value}
                                onChange={(event) => setEditing({ value: event.target.value })}
                                onKeyDown={(event) => {
                                  if (event.key === 'Enter') {
                                    event.preventDefault();
                                    refocus.current = true;
                                    commit(editing.value);
                                  } else if (event.key === 'Escape') {
                                    event.preventDefault();
                                    refocus.current = true;
                                    setEditing(null);
                                  }
                                }}
                                onBlur={() => setEditing(null)}
                                className="w-full rounded border border-line px-2 py-1 text-ink"
                              />
                            ) : (
                              <span className="block truncate text-ink">
                                {entry.raw[field] || (
                                  <span className="text-ink-muted">(empty)</span>
                                )}
                              </span>
                            )}
                            {error ? (
                              <span
                                id={noteId}
                                className={`block text-xs text-danger ${cards ? 'line-clamp-2' : 'truncate'}`}
                              >
                                {error}
                              </span>
                            ) : warning ? (
                              <span
                                id={noteId}
                                className={`block text-xs ${cards ? 'line-clamp-2' : 'truncate'} ${entry.duplicateAccepted ? 'text-ink-muted' : 'text-amber-900'}`}
                              >
                                {entry.duplicateAccepted ? '' : 'Warning: '}
                                {warning}
                              </span>
                            ) : null}
                          </div>
                        );
                      })}
                      <div
                        role="gridcell"
                        data-cell={`${item.index}:${fields.length + 1}`}
                        tabIndex={-1}
                        onFocus={() => focusOn(item.index, fields.length + 1)}
                        className={`flex shrink-0 items-center gap-2 px-3 ${cards ? 'w-full' : 'w-44'}`}
                        style={cards ? { height: CARD_ACTIONS_HEIGHT } : undefined}
                      >
                        {others && !entry.duplicateAccepted ? (
                          <Button
                            variant="secondary"
                            tabIndex={rowFocused && focus.column === fields.length + 1 ? 0 : -1}
                            onClick={() => accept(new Set([entry.line]))}
                            aria-label={`Accept the duplicate address of row ${entry.line}`}
                          >
                            Accept
                          </Button>
                        ) : null}
                        <Button
                          variant="secondary"
                          tabIndex={rowFocused && focus.column === fields.length + 1 ? 0 : -1}
                          onClick={() => remove(item.index)}
                          disabled={checking}
                          aria-label={`Delete row ${entry.line}`}
                        >
                          Delete
                        </Button>
                      </div>
                    </div>
                  );
                })}
              </div>
            )}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        {summary.ready ? (
          <Link to="/bulk/summary-payment" className={primaryLinkClasses}>
            Continue to payment
          </Link>
        ) : null}
        <Link to="/bulk/create" className={secondaryLinkClasses}>
          Back to the spreadsheet
        </Link>
      </div>
    </div>
  );
}
