import { errorMessage } from '@boon/console-kit';
import { Button } from '@boon/ui';
import type { ReactNode } from 'react';

/** A list that could not load, in words, with a way to try again (for a table's `error`). */
export function ListLoadError({
  what,
  error,
  onRetry,
}: {
  /** "your top-ups": what could not be loaded. */
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <span className="flex flex-wrap items-center justify-center gap-3">
      <span>
        We couldn&apos;t load {what}: {errorMessage(error)}
      </span>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </span>
  );
}

/** The next page of a cursor-paged list; a second click while it loads does nothing. */
export function ShowMoreButton({
  pageSize,
  loading,
  onMore,
}: {
  pageSize: number;
  loading: boolean;
  onMore: () => void;
}) {
  return (
    <div>
      <Button
        variant="secondary"
        onClick={() => {
          if (!loading) onMore();
        }}
      >
        {loading ? 'Loading…' : `Show ${pageSize} more`}
      </Button>
    </div>
  );
}

/** A sentence saying what went wrong and what to do, announced as it appears. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md bg-danger-surface px-4 py-3 text-sm text-danger">
      {children}
    </p>
  );
}
