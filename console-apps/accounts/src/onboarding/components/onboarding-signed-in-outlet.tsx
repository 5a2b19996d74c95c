import { Outlet, useRouteContext } from '@tanstack/react-router';
import { ApiClientProvider } from '@boon/console-kit';

/** The signed-in onboarding screens call the API with the client their entry check loaded. */
export function OnboardingSignedInOutlet() {
  const api = useRouteContext({
    from: '/onboard/signed-in',
    select: (context) => context.api,
  });
  return (
    <ApiClientProvider client={api}>
      <Outlet />
    </ApiClientProvider>
  );
}
