import { Badge } from '@boon/ui';
import { Link } from '@tanstack/react-router';

// Small print, but each link a 24 px tall target (WCAG 2.2's target size): the rows of a bulk
// order's orders stack these links closer than 24 px apart otherwise.
const linkClasses = 'inline-flex min-h-6 items-center text-brand-700 underline';

export interface BulkBatchTagProps {
  batchId: string;
  /** Whether the person may open the bulk order's progress (/bulk needs write:orders). */
  mayOpen: boolean;
  /** Whether the list shows this bulk order alone already. */
  filtered: boolean;
}

/**
 * An order made for a bulk order (a spreadsheet's rows, split into orders of at most 200): which
 * one, a way to its progress and results, and a way to its other orders.
 */
export function BulkBatchTag({ batchId, mayOpen, filtered }: BulkBatchTagProps) {
  return (
    <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      <Badge tone="brand">Bulk</Badge>
      {mayOpen ? (
        <Link to="/bulk/progress/$batchId" params={{ batchId }} className={linkClasses}>
          {batchId}
        </Link>
      ) : (
        <span className="text-ink-muted">{batchId}</span>
      )}
      {filtered ? null : (
        <Link
          to="/orders"
          search={{ batchId }}
          // Its visible words first, then which bulk order: every bulk row has one of these links.
          aria-label={`Only its orders, bulk order ${batchId}`}
          className={linkClasses}
        >
          Only its orders
        </Link>
      )}
    </span>
  );
}
