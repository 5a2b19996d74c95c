import { Button } from '@boon/ui';
import { errorMessage } from './error-message';

interface LoadErrorProps {
  /** "your top-ups", "the merchants": what could not be loaded. */
  what: string;
  error: unknown;
  onRetry: () => void;
}

/** "We couldn't load …", with the reason, and a button to try again. */
function LoadErrorContent({ what, error, onRetry }: LoadErrorProps) {
  return (
    <>
      <span>
        We couldn&apos;t load {what}: {errorMessage(error)}
      </span>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </>
  );
}

/** A list that could not load, in words, with a way to try again (for a table's `error`). */
export function ListLoadError(props: LoadErrorProps) {
  return (
    <span className="flex flex-wrap items-center justify-center gap-3">
      <LoadErrorContent {...props} />
    </span>
  );
}

/** Something that could not load, in words, with a way to try again; announced as it appears. */
export function LoadError(props: LoadErrorProps) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md bg-danger-surface px-4 py-3 text-sm text-danger"
    >
      <LoadErrorContent {...props} />
    </div>
  );
}
