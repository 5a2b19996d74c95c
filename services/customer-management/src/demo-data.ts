import type { CustomerFeatureFlags, Role } from '@boon/contracts';
import { featureFlaggedCurrencyDefaults } from '@boon/domain';

/** The demo data of decisions.md. Every demo user's password is this one. */
export const DEMO_PASSWORD = 'demo-pass-2026';

interface DemoCustomer {
  id: string;
  name: string;
  contactEmail: string;
  domain: string;
  source: 'direct' | 'migrated-from-connect';
  limitedAccess: boolean;
  playgroundMode: boolean;
  defaultCurrency: string;
  featureFlags: CustomerFeatureFlags;
  discountMultiplier: string | null;
  balancesTncAccepted: boolean;
  dataProcessingTncAccepted: boolean;
}

const noBalances: CustomerFeatureFlags['balances'] = {
  enabled: false,
  floats: [],
  cardFees: false,
};

export const demoCustomers: DemoCustomer[] = [
  {
    id: 'C-ACME0001',
    name: 'Acme Rewards Ltd',
    contactEmail: 'owner@acme.test',
    domain: 'acme.test',
    source: 'direct',
    limitedAccess: false,
    playgroundMode: false,
    defaultCurrency: 'USD',
    featureFlags: {
      balances: { enabled: true, floats: ['USD', 'GBP', 'EUR'], cardFees: true },
      fx: true,
      breakage: false,
      discounts: true,
    },
    discountMultiplier: '0.97',
    balancesTncAccepted: true,
    dataProcessingTncAccepted: true,
  },
  {
    id: 'C-GLOBEX01',
    name: 'Globex Corporation',
    contactEmail: 'owner@globex.test',
    domain: 'globex.test',
    source: 'migrated-from-connect',
    limitedAccess: false,
    playgroundMode: false,
    defaultCurrency: 'USD',
    featureFlags: {
      balances: { enabled: true, floats: ['USD'], cardFees: false },
      fx: false,
      breakage: false,
      discounts: false,
    },
    discountMultiplier: null,
    balancesTncAccepted: true,
    dataProcessingTncAccepted: true,
  },
  {
    id: 'C-NEWCO001',
    name: 'Newco Trial Inc',
    contactEmail: 'trial@newco.test',
    domain: 'newco.test',
    source: 'direct',
    limitedAccess: true,
    playgroundMode: true,
    defaultCurrency: 'USD',
    featureFlags: { balances: noBalances, fx: false, breakage: false, discounts: false },
    discountMultiplier: null,
    balancesTncAccepted: false,
    dataProcessingTncAccepted: true,
  },
  {
    id: 'C-DEMO0001',
    name: 'Boon Demo',
    contactEmail: 'staff@boon.test',
    domain: 'boon.test',
    source: 'direct',
    limitedAccess: false,
    playgroundMode: false,
    defaultCurrency: 'USD',
    featureFlags: {
      balances: { enabled: true, floats: ['USD'], cardFees: false },
      fx: false,
      breakage: false,
      discounts: false,
    },
    discountMultiplier: null,
    balancesTncAccepted: true,
    dataProcessingTncAccepted: true,
  },
];

interface DemoUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified?: boolean;
  isStaff?: boolean;
  blocked?: boolean;
  /** null: never answered the consent question. */
  consent?: boolean | null;
  memberships: { customerId: string; roles: Role[] }[];
}

const acme = (role: Role) => [{ customerId: 'C-ACME0001', roles: [role] }];

export const demoUsers: DemoUser[] = [
  {
    id: 'U-ACMEOWNER',
    email: 'owner@acme.test',
    firstName: 'Olivia',
    lastName: 'Hart',
    memberships: acme('owner'),
  },
  {
    id: 'U-ACMEADMIN',
    email: 'admin@acme.test',
    firstName: 'Adam',
    lastName: 'Reyes',
    memberships: acme('admin'),
  },
  {
    id: 'U-ACMEFINANCE',
    email: 'finance@acme.test',
    firstName: 'Fiona',
    lastName: 'Blake',
    memberships: acme('finance_manager'),
  },
  {
    id: 'U-ACMEMANAGER',
    email: 'manager@acme.test',
    firstName: 'Marcus',
    lastName: 'Chen',
    memberships: acme('service_manager'),
  },
  {
    id: 'U-ACMEAGENT',
    email: 'agent@acme.test',
    firstName: 'Aisha',
    lastName: 'Khan',
    memberships: acme('service_agent'),
  },
  {
    id: 'U-ACMEVIEWER',
    email: 'viewer@acme.test',
    firstName: 'Victor',
    lastName: 'Lang',
    memberships: acme('viewer'),
  },
  {
    id: 'U-ACMEMULTI',
    email: 'multi@acme.test',
    firstName: 'Mia',
    lastName: 'Torres',
    memberships: [
      { customerId: 'C-ACME0001', roles: ['admin'] },
      { customerId: 'C-GLOBEX01', roles: ['admin'] },
    ],
  },
  {
    id: 'U-GLOBEXOWNER',
    email: 'owner@globex.test',
    firstName: 'Gary',
    lastName: 'Stone',
    memberships: [{ customerId: 'C-GLOBEX01', roles: ['owner'] }],
  },
  {
    id: 'U-NEWCOTRIAL',
    email: 'trial@newco.test',
    firstName: 'Tara',
    lastName: 'Nolan',
    memberships: [{ customerId: 'C-NEWCO001', roles: ['owner'] }],
  },
  {
    id: 'U-BOONSTAFF',
    email: 'staff@boon.test',
    firstName: 'Sam',
    lastName: 'Patel',
    isStaff: true,
    memberships: [],
  },
  {
    id: 'U-INITECHPENDING',
    email: 'pending@initech.test',
    firstName: 'Peter',
    lastName: 'Gibbons',
    memberships: [],
  },
  {
    id: 'U-ACMEUNVERIFIED',
    email: 'unverified@acme.test',
    firstName: 'Uma',
    lastName: 'Reed',
    emailVerified: false,
    memberships: acme('viewer'),
  },
  {
    id: 'U-ACMEBLOCKED',
    email: 'blocked@acme.test',
    firstName: 'Ben',
    lastName: 'Cole',
    blocked: true,
    memberships: acme('viewer'),
  },
  {
    id: 'U-ACMEFRESH',
    email: 'fresh@acme.test',
    firstName: 'Felix',
    lastName: 'Grant',
    consent: null,
    memberships: acme('admin'),
  },
];

export const demoPendingCustomers = [
  {
    id: 'P-INITECH1',
    companyName: 'Initech',
    domain: 'initech.test',
    requestedByUserId: 'U-INITECHPENDING',
    approvalStatus: 'PENDING' as const,
    onboardingTaskState: 'COMPLETE' as const,
    // What Peter told us on company-details and user-segmentation; staff read it before deciding.
    country: 'US',
    companySize: '51-200',
    website: 'https://initech.test',
    rewardNeed: 'within-30-days',
    useCases: ['employee-rewards', 'sales-incentives'],
  },
];

/** Currency toggles every demo customer starts with (spec defaults). */
export const demoCurrencyToggles = { ...featureFlaggedCurrencyDefaults };
