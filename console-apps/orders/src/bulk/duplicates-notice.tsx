import { Button, secondaryLinkClasses } from '@boon/ui';
import { Link } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import type { SheetSummary } from './bulk-file';

export interface DuplicatesNoticeProps {
  summary: Pick<SheetSummary, 'duplicates' | 'duplicatesToAccept'>;
  /** Accepts them all here; without it the notice leads to the grid, where they are listed. */
  onAcceptAll?: () => void;
}

const rows = (count: number) => (count === 1 ? '1 row' : `${count.toLocaleString()} rows`);

/**
 * Rows sending to an address another row has too: each would get its own reward, which may be
 * meant (two rewards for one person) or a copy made by mistake. Payment waits for an answer.
 */
export function DuplicatesNotice({ summary, onAcceptAll }: DuplicatesNoticeProps) {
  if (summary.duplicates === 0) return null;
  if (summary.duplicatesToAccept === 0) {
    return (
      <p className="text-sm text-ink">
        {rows(summary.duplicates)} send to an address another row sends to as well. You accepted
        them: each gets a reward.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <p className="flex items-start gap-2">
        <TriangleAlert aria-hidden="true" focusable="false" className="mt-0.5 h-4 w-4 shrink-0" />
        <span>
          <strong className="font-semibold">Duplicate recipients: </strong>
          {rows(summary.duplicatesToAccept)} send to an address another row sends to as well, and
          each would get a reward. Delete or change the ones made by mistake, or accept them, before
          paying.
        </span>
      </p>
      <div>
        {onAcceptAll ? (
          <Button variant="secondary" onClick={onAcceptAll}>
            Send to duplicates anyway
          </Button>
        ) : (
          <Link to="/bulk/preview/errors" className={secondaryLinkClasses}>
            Review the duplicate recipients
          </Link>
        )}
      </div>
    </div>
  );
}
