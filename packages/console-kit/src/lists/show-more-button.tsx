import { Button } from '@boon/ui';

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
