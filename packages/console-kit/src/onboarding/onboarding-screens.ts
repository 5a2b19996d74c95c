import type { OnboardingDestination } from '@boon/domain';

/** The /onboard sub-routes that need a signed-in user (spec 2.3). */
export const signedInOnboardingScreens = [
  'account-details',
  'company-details',
  'user-segmentation',
  'customer-exists',
  'pending-confirmation',
  'taking-long',
  'personal-email-restriction',
  'invite-expired',
  'book-a-demo',
] as const;
export type OnboardingScreen = (typeof signedInOnboardingScreens)[number];

/** The path of a signed-in onboarding screen. */
export function onboardingScreenPath(screen: OnboardingScreen): `/onboard/${OnboardingScreen}` {
  return `/onboard/${screen}`;
}

/** The signed-in onboarding screen a path shows; null for any other path. */
export function screenOfPath(pathname: string): OnboardingScreen | null {
  const match = /^\/onboard\/([a-z-]+)\/?$/.exec(pathname);
  const name = match?.[1];
  return (signedInOnboardingScreens as readonly string[]).includes(name ?? '')
    ? (name as OnboardingScreen)
    : null;
}

/**
 * The screens a user may be on for a destination, so that nobody sits on the wrong step (a member
 * opening company-details goes home). Creating a company takes two steps, and its submit can end
 * on the screens for a taken domain or a personal address, which the derivation itself does not
 * yet know about (the server refused the request, so nothing changed).
 */
export function screensAllowedFor(destination: OnboardingDestination): readonly OnboardingScreen[] {
  switch (destination) {
    case 'company-details':
      return [
        'company-details',
        'user-segmentation',
        'customer-exists',
        'personal-email-restriction',
      ];
    case 'account-details':
    case 'customer-exists':
    case 'invite-expired':
    case 'pending-confirmation':
    case 'personal-email-restriction':
    case 'taking-long':
    case 'book-a-demo':
      return [destination];
    case 'home':
    case 'login':
      return [];
  }
}

/**
 * The console path of a destination. Every destination is in the console: book-a-demo (spec 4.1's
 * UnknownState) is a screen that says what happens next and links to the booking page, so nobody
 * is sent off-site without a word.
 */
export function destinationTarget(destination: OnboardingDestination): { href: string } {
  switch (destination) {
    case 'home':
      return { href: '/' };
    case 'login':
      return { href: '/login' };
    default:
      return { href: onboardingScreenPath(destination) };
  }
}
