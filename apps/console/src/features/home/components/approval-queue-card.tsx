import { Button } from '@boon/ui';
import { Link } from '@tanstack/react-router';
import { Inbox } from 'lucide-react';
import { useId } from 'react';
import { errorMessage } from '@boon/console-kit';
import { useApprovalQueue } from '../api/home-api';
import { approvalQueueText } from '../getting-started';

/** Staff's Home: how many companies wait for a decision, and the way to the list. */
export function ApprovalQueueCard() {
  const headingId = useId();
  const queue = useApprovalQueue(true);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-line bg-surface p-6 shadow-sm"
    >
      <h2 id={headingId} className="mb-4 flex items-center gap-2 text-lg font-semibold text-ink">
        <Inbox className="h-5 w-5 text-brand-600" aria-hidden="true" />
        Approval queue
      </h2>
      {queue.isPending ? (
        <p role="status" className="text-ink-muted">
          Counting the companies waiting for approval…
        </p>
      ) : queue.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-danger">
            We couldn&apos;t count the companies waiting for approval: {errorMessage(queue.error)}
          </p>
          <Button variant="secondary" onClick={() => void queue.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="flex flex-col text-ink">
            {/* The figure at a glance; the sentence says it for everyone, screen readers too. */}
            <span aria-hidden="true" className="text-3xl font-semibold">
              {queue.data.more ? `${queue.data.count}+` : queue.data.count}
            </span>
            <span className="text-sm text-ink-muted">
              {approvalQueueText(queue.data.count, queue.data.more)}
            </span>
          </p>
          <Link
            to="/admin/pending-customers"
            className="inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-brand-700"
          >
            Review pending customers
          </Link>
        </div>
      )}
    </section>
  );
}
