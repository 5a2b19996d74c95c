import { Button, FullPageMessage } from '@boon/ui';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage, isApiError } from '@boon/console-kit';
import { CHUNK_RELOAD_MESSAGE, chunkLoadRecovery, isChunkLoadError } from './chunk-load-recovery';

/**
 * What a route shows when it fails to load or render. A missing code chunk means a newer version
 * was deployed: the user is told and the page reloads (spec 8). Anything else gets an honest
 * message and a way to try again.
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const chunkError = isChunkLoadError(error);
  const reloading = chunkError && chunkLoadRecovery.canRecover();

  useEffect(() => {
    if (chunkError) chunkLoadRecovery.recover();
    else console.error(error);
  }, [chunkError, error]);

  if (reloading) return <FullPageMessage title={CHUNK_RELOAD_MESSAGE} busy />;

  if (chunkError) {
    return (
      <FullPageMessage title="Something went wrong">
        <p>This page could not be loaded. Check your connection, then reload the page.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </FullPageMessage>
    );
  }

  return (
    <FullPageMessage title="Something went wrong">
      <p>
        {isApiError(error)
          ? errorMessage(error)
          : 'An unexpected error stopped this page from loading.'}
      </p>
      <div className="flex items-center gap-4">
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
        <Link to="/" className="font-medium text-brand-700 underline underline-offset-2">
          Go to home
        </Link>
      </div>
    </FullPageMessage>
  );
}
