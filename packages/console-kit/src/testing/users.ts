import type { UserMe } from '@boon/contracts';

/** A valid /user/me answer (userMeSchema): Acme's owner unless told otherwise. */
export function testUser(overrides: Partial<UserMe> = {}): UserMe {
  return {
    id: 'U-ACMEOWNER',
    firstName: 'Olivia',
    lastName: 'Owner',
    emailAddress: 'owner@acme.test',
    emailVerified: true,
    isStaff: false,
    customerIds: ['C-ACME0001'],
    roles: ['owner'],
    permissions: ['read:orders', 'write:orders', 'read:team_members'],
    options: {
      useBalancesTncAccepted: true,
      dataProcessingTncAccepted: true,
      // Hidden, so that Home asks nothing of a test that is not about the checklist (which
      // reads the team); home-checklist.test.tsx shows it.
      gettingStartedDismissed: true,
      introWatched: false,
    },
    mfaEnabled: false,
    ...overrides,
  };
}

/** multi@acme.test: admin of Acme and of Globex. */
export function multiUser(overrides: Partial<UserMe> = {}): UserMe {
  return testUser({
    id: 'U-MULTI001',
    firstName: 'Morgan',
    lastName: 'Multi',
    emailAddress: 'multi@acme.test',
    customerIds: ['C-ACME0001', 'C-GLOBEX01'],
    roles: ['admin'],
    permissions: ['read:orders', 'write:orders'],
    ...overrides,
  });
}
