import type { UserMe } from '@boon/contracts';
import type { AnalyticsIdentity } from './analytics';

/** The identity spec 7 sends to analytics, built from GET /user/me. */
export function analyticsIdentityOf(
  user: Pick<UserMe, 'id' | 'emailAddress' | 'firstName' | 'lastName' | 'customerIds'>,
): AnalyticsIdentity {
  return {
    id: user.id,
    email: user.emailAddress,
    firstName: user.firstName,
    lastName: user.lastName,
    customerIds: user.customerIds.join(','),
  };
}
