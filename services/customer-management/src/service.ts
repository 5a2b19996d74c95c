import { defineService } from '@boon/service-kit';
import type { CustomerManagementDeps } from './deps.js';
import { finishCompanyOnboardingJob } from './jobs/finish-company-onboarding.js';
import { customerRoutes } from './routes/customer-routes.js';
import { customerSettingsRoutes } from './routes/customer-settings-routes.js';
import { inviteRoutes } from './routes/invite-routes.js';
import { onboardingRoutes } from './routes/onboarding-routes.js';
import { teamRoutes } from './routes/team-routes.js';
import { userRoutes } from './routes/user-routes.js';
import { seedDemo } from './seed-demo.js';

/** Users, customers, teams, invites and company onboarding (spec 7). */
export const customerManagementService = defineService<CustomerManagementDeps>({
  name: 'customerManagement',
  routes: [
    ...userRoutes,
    ...customerRoutes,
    ...customerSettingsRoutes,
    ...teamRoutes,
    ...inviteRoutes,
    ...onboardingRoutes,
  ],
  jobs: [finishCompanyOnboardingJob],
  seed: ({ db, passwords }) => seedDemo(db, passwords),
});
