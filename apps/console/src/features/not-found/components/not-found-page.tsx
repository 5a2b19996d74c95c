import { FullPageMessage } from '@boon/ui';
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { track } from '../../../analytics/analytics';

/** The analytics event recorded for every unknown path (spec 2.2: "It tracks the path"). */
export const PAGE_NOT_FOUND_EVENT = 'Page not found';

/** The catch-all page; public, so signed-out visitors see it too instead of a login redirect. */
export function NotFoundPage() {
  const path = useLocation({ select: (location) => location.pathname });

  useEffect(() => {
    track(PAGE_NOT_FOUND_EVENT, { path });
  }, [path]);

  return (
    <FullPageMessage title="Page not found">
      <p>
        We couldn&apos;t find the page you requested,{' '}
        <Link to="/" className="font-medium text-brand-700 underline underline-offset-2">
          go back to home
        </Link>
        ?
      </p>
    </FullPageMessage>
  );
}
