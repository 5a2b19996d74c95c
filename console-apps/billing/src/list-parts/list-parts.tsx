import { errorMessage } from '@boon/console-kit';
import { Button } from '@boon/ui';

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
