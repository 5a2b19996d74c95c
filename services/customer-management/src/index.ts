export {
  createAccounts,
  type Account,
  type Accounts,
  type CredentialsResult,
  type TokenClaims,
  type TokenClaimsResult,
} from './accounts.js';
export { hashPassword, verifyPassword } from './password.js';
export { customerManagementRoutes, type CustomerManagementOptions } from './routes.js';
export { seedDemo } from './seed-demo.js';
export { DEMO_PASSWORD, demoCustomers, demoUsers } from './demo-data.js';
