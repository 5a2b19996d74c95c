import { Button } from '@boon/ui';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage, getConsoleConfig, isApiError } from '@boon/console-kit';
import { ShellFrame } from '../layout/shell-frame';
import { RouteErrorPage } from './route-error-page';

/**
 * When the signed-in area cannot load its session (the API is down or out of reach), the shell
 * still shows: the frame, what happened in words, a way to try again, and a way out. It tries
 * again by itself when the browser comes back online. Anything that is not an API failure (a
 * missing code chunk, a bug) is the route error page's.
 */
export function SignedInErrorPage(props: ErrorComponentProps) {
  const { error, reset } = props;
  const router = useRouter();
  const apiFailure = isApiError(error);

  useEffect(() => {
    if (!apiFailure) return undefined;
    console.error(error);
    const retry = () => {
      reset();
      void router.invalidate();
    };
    globalThis.addEventListener('online', retry);
    return () => globalThis.removeEventListener('online', retry);
  }, [apiFailure, error, reset, router]);

  if (!apiFailure) return <RouteErrorPage {...props} />;

  return (
    <ShellFrame
      productName={getConsoleConfig().productName}
      sidebar={
        <div className="flex flex-col gap-4 px-4 pb-5">
          <Link
            to="/logout"
            className="text-sm font-medium text-brand-700 underline underline-offset-2"
          >
            Log Out
          </Link>
        </div>
      }
    >
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold text-ink">This page couldn&apos;t load</h1>
        <p role="alert" className="text-base text-ink">
          {errorMessage(error)}
        </p>
        <div>
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            Try again
          </Button>
        </div>
      </div>
    </ShellFrame>
  );
}
