import type { UserMe } from '@boon/contracts';

/**
 * Raised by the signed-in session when the user cannot use the signed-in pages yet: no backend
 * user (GET /user/me answered 404), or a user who belongs to no customer and is not staff. The
 * authenticated layout's guard turns it into the onboarding destination of spec 4.1.
 */
export class OnboardingRequired extends Error {
  override name = 'OnboardingRequired';
  /** The backend user; null when there is none yet. */
  readonly user: UserMe | null;

  constructor(user: UserMe | null) {
    super(user ? 'The user belongs to no customer yet' : 'The user has no backend profile yet');
    this.user = user;
  }
}

/** Whether a user must go through onboarding before the signed-in pages. */
export function needsOnboarding(user: UserMe | null): boolean {
  return user === null || (user.customerIds.length === 0 && !user.isStaff);
}
