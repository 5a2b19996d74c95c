import type { BulkRow } from '@boon/contracts';
import { formatAmount, useDateFormat } from '@boon/console-kit';
import { primaryLinkClasses } from '@boon/ui';
import { Link, Navigate } from '@tanstack/react-router';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { useBulkDraft } from './bulk-context';

const ROW_HEIGHT = 56;
const VIEW_HEIGHT = 448;

/** One row to send, where it was in the spreadsheet. */
interface RowToSend {
  line: number;
  row: BulkRow;
}

const columns = [
  { label: 'Row', width: 'w-16' },
  { label: 'Recipient name', width: 'w-48' },
  { label: 'Recipient e-mail', width: 'w-64' },
  { label: 'Merchant code', width: 'w-52' },
  { label: 'Amount', width: 'w-32' },
  { label: 'Message', width: 'w-72' },
  { label: 'Delivery', width: 'w-48' },
] as const;

/**
 * /bulk/preview/summary (spec 2.4: summary-preview, which returns to summary-payment): every row
 * as it will be sent, the order's merchant and message filled in, read only. Only the rows on
 * screen are drawn, so 50,000 scroll smoothly; the list scrolls by keyboard once focused.
 */
export function BulkSummaryPreviewPage() {
  const { file, ready } = useBulkDraft();
  const { formatDateTime } = useDateFormat();
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useMemo<RowToSend[]>(
    () =>
      (file?.sheet?.entries ?? []).flatMap((entry) =>
        entry.check.ok ? [{ line: entry.line, row: entry.check.row }] : [],
      ),
    [file?.sheet],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is known not to be memoizable.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // A scroller measured as nothing (not laid out yet, or where nothing is, as in tests) is
    // taken at its own height, so rows are drawn rather than none.
    initialRect: { width: 1024, height: VIEW_HEIGHT },
    observeElementRect: (instance, update) =>
      observeElementRect(instance, (rect) =>
        update(rect.height > 0 ? rect : { width: rect.width, height: VIEW_HEIGHT }),
      ),
  });

  // Reached without rows ready to send (a reload, a bookmark): the bulk order starts with its file.
  if (!ready || !file) return <Navigate to="/bulk/create" replace />;
  const source = file.pasted ? 'the pasted rows' : file.name;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Rows to send</h1>
        <p className="text-sm text-ink-muted">
          {rows.length.toLocaleString()} {rows.length === 1 ? 'reward' : 'rewards'} by e-mail from{' '}
          {source}, as they will be sent. To change a row, go back to the spreadsheet.
        </p>
      </div>
      <div
        ref={scroller}
        role="region"
        aria-label="Rows to send, scrollable"
        // Focusable, so the list scrolls by keyboard: it holds nothing else that takes focus.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must (WCAG 2.1.1).
        tabIndex={0}
        className="overflow-auto rounded-md border border-line focus-visible:outline-2 focus-visible:outline-brand-600"
        style={{ height: VIEW_HEIGHT }}
      >
        <div
          role="table"
          aria-label="Rows to send"
          aria-rowcount={rows.length + 1}
          className="min-w-max text-sm"
        >
          <div
            role="row"
            aria-rowindex={1}
            className="sticky top-0 z-10 flex border-b border-line bg-surface font-medium text-ink-muted"
          >
            {columns.map((column) => (
              <div
                key={column.label}
                role="columnheader"
                className={`${column.width} shrink-0 px-3 py-2`}
              >
                {column.label}
              </div>
            ))}
          </div>
          <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const { line, row } = rows[item.index]!;
              const cells = [
                String(line),
                row.name,
                row.email,
                row.productCode,
                formatAmount(row.faceValue, row.currency),
                row.message ? `${row.message.header} ${row.message.body}` : 'The usual message',
                row.deliverAt ? formatDateTime(row.deliverAt) : 'Now',
              ];
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className="absolute left-0 flex w-full border-b border-line"
                  style={{ top: item.start, height: ROW_HEIGHT }}
                >
                  {cells.map((text, index) => (
                    <div
                      key={columns[index]!.label}
                      role={index === 0 ? 'rowheader' : 'cell'}
                      className={`${columns[index]!.width} shrink-0 truncate px-3 py-2 ${index === 0 ? 'tabular-nums text-ink-muted' : 'text-ink'}`}
                      title={text}
                    >
                      {text}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <div>
        <Link to="/bulk/summary-payment" className={primaryLinkClasses}>
          Back to payment
        </Link>
      </div>
    </div>
  );
}
