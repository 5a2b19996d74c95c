export {
  createAccounts,
  type Account,
  type Accounts,
  type CredentialsResult,
  type TokenClaims,
  type TokenClaimsResult,
} from './accounts.js';
export {
  DEFAULT_PASSWORD_HASH_COST,
  MAX_PASSWORD_HASH_COST,
  MIN_PASSWORD_HASH_COST,
  passwordHashing,
  type PasswordHashing,
} from './password.js';
export { customerManagementService } from './service.js';
export type { CustomerManagementDeps } from './deps.js';
export { seedDemo } from './seed-demo.js';
export { DEMO_PASSWORD, demoCustomers, demoUsers } from './demo-data.js';
export {
  balancesTermsAcceptedBy,
  customerBillingProfile,
  customerOrderingProfile,
} from './operations/customer-billing-profile.js';
