import type { OnboardingDestination } from '@boon/domain';
import { links } from '../../../constants/links';

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
      return [destination];
    case 'home':
    case 'login':
    case 'book-a-demo':
      return [];
  }
}

/** Where a destination is: a console path, or the outside book-a-demo page (spec 8). */
export type DestinationTarget =
  { external: false; href: string } | { external: true; href: string };

export function destinationTarget(destination: OnboardingDestination): DestinationTarget {
  switch (destination) {
    case 'home':
      return { external: false, href: '/' };
    case 'login':
      return { external: false, href: '/login' };
    case 'book-a-demo':
      return { external: true, href: links.bookDemo };
    default:
      return { external: false, href: onboardingScreenPath(destination) };
  }
}
