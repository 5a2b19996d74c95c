import { Logo, MAIN_CONTENT_ID, MainContent, SkipLink } from '@boon/ui';
import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { getConsoleConfig, GuardAlert } from '@boon/console-kit';

/** The route id of the signed-in onboarding screens (app/routes/onboarding-routes.tsx). */
export const SIGNED_IN_ONBOARDING_ROUTE_ID = '/onboard/signed-in';

/**
 * The frame of the /onboard screens (spec 2.3: the sidebar is hidden): the product's logo and
 * name, "Log out" for a signed-in user, and the screen in the page's one `main`, under the alert
 * a failed invite activation raises (spec 8).
 */
export function OnboardingLayout() {
  const signedIn = useMatches({
    select: (matches) => matches.some((match) => match.routeId === SIGNED_IN_ONBOARDING_ROUTE_ID),
  });
  return (
    <div className="flex min-h-screen flex-col bg-surface-muted">
      <SkipLink targetId={MAIN_CONTENT_ID}>Skip to main content</SkipLink>
      <header className="flex items-center justify-between gap-4 border-b border-line bg-surface px-6 py-4">
        <Logo productName={getConsoleConfig().productName} />
        {signedIn ? (
          <Link
            to="/logout"
            className="rounded-md px-3 py-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Log out
          </Link>
        ) : null}
      </header>
      <MainContent className="flex flex-1 justify-center px-6 py-10">
        <div className="flex w-full max-w-xl flex-col gap-6">
          <GuardAlert />
          <Outlet />
        </div>
      </MainContent>
    </div>
  );
}
