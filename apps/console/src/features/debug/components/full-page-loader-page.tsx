import { FullPageMessage } from '@boon/ui';
import { Link } from '@tanstack/react-router';

/** /debug/full-page-loader: the loader the console shows while it starts, as users see it. */
export function FullPageLoaderPage() {
  return (
    <FullPageMessage title="Getting set up" busy>
      <Link to="/debug" className="text-sm text-brand-700 underline">
        Back to debug
      </Link>
    </FullPageMessage>
  );
}
