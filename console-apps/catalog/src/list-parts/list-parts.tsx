import { errorMessage } from '@boon/console-kit';
import { Button } from '@boon/ui';

/** Something that could not load, in words, with a way to try again; announced as it appears. */
export function LoadError({
  what,
  error,
  onRetry,
}: {
  /** "the merchants": what could not be loaded. */
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md bg-danger-surface px-4 py-3 text-sm text-danger"
    >
      <span>
        We couldn&apos;t load {what}: {errorMessage(error)}
      </span>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
