import { csvLine } from '@boon/domain';
import { Button, primaryLinkClasses, secondaryLinkClasses } from '@boon/ui';
import { Link, Navigate } from '@tanstack/react-router';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { downloadCsv } from '../order-parts';
import { useBulkDraft } from './bulk-context';
import { editSheet, type SheetEntry } from './bulk-file';
import { bulkFieldLabels, BULK_FIELDS, type BulkField } from './column-mapping';

const ROW_HEIGHT = 64;

/** Which rows the grid lists: those with problems when asked, else all; fixed as they are shown. */
function listed(entries: readonly SheetEntry[], onlyProblems: boolean): number[] {
  const indexes: number[] = [];
  entries.forEach((entry, index) => {
    if (!onlyProblems || !entry.check.ok) indexes.push(index);
  });
  return indexes;
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

/**
 * /bulk/preview/errors (spec 2.4: errors-preview, which returns to create): the rows
 * in a grid that keeps 50,000 of them smooth (only the rows on screen are drawn), each problem
 * at its cell. Arrow keys move between cells, Enter edits one and Escape cancels; an edited row
 * alone is checked again. Rows can be deleted, and those with problems downloaded.
 */
export function BulkErrorsPage() {
  const { file, setFile, summary } = useBulkDraft();
  const [onlyProblems, setOnlyProblems] = useState(true);
  const [shown, setShown] = useState<number[]>(() =>
    file?.sheet ? listed(file.sheet.entries, true) : [],
  );
  const [focus, setFocus] = useState({ row: 0, column: 0 });
  const [editing, setEditing] = useState<{ value: string } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  // After an edit is saved or cancelled, the keyboard carries on from its cell.
  const refocus = useRef(false);
  const editor = useRef<HTMLInputElement>(null);
  const isEditing = editing !== null;
  // The editor takes the keyboard as it opens.
  useEffect(() => {
    if (isEditing) editor.current?.focus();
  }, [isEditing]);
  const fields = useMemo(
    () => BULK_FIELDS.filter((field) => file?.mapping.includes(field)),
    [file?.mapping],
  );
  const columns = fields.length + 1;
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // A scroller measured as nothing (not laid out yet, or where nothing is, as in tests) is
    // taken at the grid's own height, so rows are drawn rather than none.
    initialRect: { width: 1024, height: 448 },
    observeElementRect: (instance, update) =>
      observeElementRect(instance, (rect) =>
        update(rect.height > 0 ? rect : { width: rect.width, height: 448 }),
      ),
  });

  // The focused cell follows the keyboard, scrolled into view and given focus.
  useEffect(() => {
    if (editing) return;
    virtualizer.scrollToIndex(focus.row, { align: 'auto' });
    const cell = grid.current?.querySelector<HTMLElement>(
      `[data-cell="${focus.row}:${focus.column}"]`,
    );
    if (cell && (refocus.current || grid.current?.contains(document.activeElement))) {
      refocus.current = false;
      cell.focus();
    }
  }, [focus, editing, virtualizer]);

  if (!file?.sheet || !summary) return <Navigate to="/bulk/create" replace />;
  const sheet = file.sheet;

  const commit = (value: string) => {
    const index = shown[focus.row];
    const field = fields[focus.column];
    if (index === undefined || !field) return;
    setFile({
      ...file,
      sheet: {
        ...sheet,
        entries: editSheet(sheet.entries, index, field, value, sheet.defaults, sheet.facts),
      },
    });
    setEditing(null);
  };

  const remove = (position: number) => {
    const index = shown[position];
    if (index === undefined) return;
    setFile({
      ...file,
      sheet: { ...sheet, entries: sheet.entries.filter((_, at) => at !== index) },
    });
    setShown((current) =>
      current.filter((_, at) => at !== position).map((at) => (at > index ? at - 1 : at)),
    );
    setFocus((current) => ({
      row: Math.max(0, Math.min(current.row, shown.length - 2)),
      column: current.column,
    }));
  };

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
        row: Math.max(0, Math.min(shown.length - 1, current.row + move[0])),
        column: Math.max(0, Math.min(columns - 1, current.column + move[1])),
      }));
    } else if (event.key === 'Enter' && focus.column < fields.length) {
      event.preventDefault();
      const entry = sheet.entries[shown[focus.row] ?? -1];
      const field = fields[focus.column];
      if (entry && field) setEditing({ value: entry.raw[field] ?? '' });
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Fix the rows</h1>
        <p className="text-sm text-ink-muted">
          Use the arrow keys to move between cells, Enter to change one, Escape to leave it as it
          was. A changed row is checked again at once.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            checked={onlyProblems}
            onChange={(event) => {
              setOnlyProblems(event.target.checked);
              setShown(listed(sheet.entries, event.target.checked));
              setFocus({ row: 0, column: 0 });
            }}
            className="h-4 w-4"
          />
          Show only rows with problems
        </label>
        <Button
          variant="secondary"
          onClick={() => downloadCsv(problemsCsv(sheet.entries, fields), 'rows-with-problems.csv')}
          disabled={summary.rowsWithProblems === 0}
        >
          Download the rows with problems (CSV)
        </Button>
      </div>
      <p role="status" className="text-sm text-ink">
        {summary.rowsWithProblems === 0
          ? `Every row is ready: ${sheet.entries.length.toLocaleString()} rows.`
          : `${summary.rowsWithProblems.toLocaleString()} of ${sheet.entries.length.toLocaleString()} rows still have problems.`}
      </p>
      <div
        ref={grid}
        role="grid"
        aria-label="Rows of the spreadsheet"
        aria-rowcount={shown.length + 1}
        aria-colcount={columns + 1}
        // Focus lives on the cells (one in the tab order at a time); the grid hears their keys.
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="overflow-x-auto rounded-md border border-line"
      >
        <div
          role="row"
          aria-rowindex={1}
          className="flex min-w-max border-b border-line bg-surface-muted text-sm font-medium text-ink-muted"
        >
          <div role="columnheader" className="w-16 shrink-0 px-3 py-2">
            Row
          </div>
          {fields.map((field) => (
            <div key={field} role="columnheader" className="w-56 shrink-0 px-3 py-2">
              {bulkFieldLabels[field]}
            </div>
          ))}
          <div role="columnheader" className="w-32 shrink-0 px-3 py-2">
            <span className="sr-only">Actions</span>
          </div>
        </div>
        <div ref={scroller} className="max-h-[28rem] min-w-max overflow-y-auto">
          {shown.length === 0 ? (
            <p className="px-3 py-6 text-sm text-ink-muted">
              {onlyProblems ? 'No row has a problem.' : 'No rows left.'}
            </p>
          ) : (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const entry = sheet.entries[shown[item.index] ?? -1];
                if (!entry) return null;
                const errors = entry.check.ok ? {} : entry.check.errors;
                return (
                  <div
                    key={item.key}
                    role="row"
                    aria-rowindex={item.index + 2}
                    className="absolute left-0 flex w-full border-b border-line text-sm"
                    style={{ top: item.start, height: ROW_HEIGHT }}
                  >
                    <div
                      role="rowheader"
                      className="w-16 shrink-0 px-3 py-2 tabular-nums text-ink-muted"
                    >
                      {entry.line}
                    </div>
                    {fields.map((field, column) => {
                      const focused = focus.row === item.index && focus.column === column;
                      const error = errors[field];
                      const errorId = `cell-error-${entry.line}-${field}`;
                      return (
                        <div
                          key={field}
                          role="gridcell"
                          data-cell={`${item.index}:${column}`}
                          tabIndex={focused && !editing ? 0 : -1}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorId : undefined}
                          onFocus={() =>
                            setFocus((current) =>
                              current.row === item.index && current.column === column
                                ? current
                                : { row: item.index, column },
                            )
                          }
                          className={`w-56 shrink-0 overflow-hidden px-3 py-1 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${error ? 'bg-danger-surface' : ''}`}
                        >
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
                              {entry.raw[field] || <span className="text-ink-muted">(empty)</span>}
                            </span>
                          )}
                          {error ? (
                            <span id={errorId} className="block truncate text-xs text-danger">
                              {error}
                            </span>
                          ) : null}
                        </div>
                      );
                    })}
                    <div
                      role="gridcell"
                      data-cell={`${item.index}:${fields.length}`}
                      tabIndex={-1}
                      className="flex w-32 shrink-0 items-center px-3"
                    >
                      <Button
                        variant="secondary"
                        tabIndex={
                          focus.row === item.index && focus.column === fields.length ? 0 : -1
                        }
                        onClick={() => remove(item.index)}
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
