import { defineEndpoint } from '../endpoint.js';

const schemas = () => import('./customer-management-schemas.js');
const service = 'customerManagement';

// The signed-in user

export const getUserMe = defineEndpoint({
  service,
  method: 'GET',
  path: '/user/me',
  summary: 'The signed-in user, with roles and permissions at the selected customer',
  access: 'authenticated',
  errors: ['user_not_found'],
  schemas: () => schemas().then((s) => ({ response: s.userMeSchema })),
});

export const createUserMe = defineEndpoint({
  service,
  method: 'POST',
  path: '/user/me',
  summary: 'Create the backend user for the signed-in identity (first and last name)',
  access: 'authenticated',
  successStatus: 201,
  errors: ['user_not_found', 'user_already_exists'],
  schemas: () => schemas().then((s) => ({ body: s.userCreateSchema, response: s.userMeSchema })),
});

export const updateUserOptions = defineEndpoint({
  service,
  method: 'PATCH',
  path: '/user/me/options',
  summary: "Change the signed-in user's options, such as the consent answer",
  access: 'authenticated',
  errors: ['user_not_found'],
  schemas: () =>
    schemas().then((s) => ({ body: s.userOptionsUpdateSchema, response: s.userMeSchema })),
});

export const getLastCustomer = defineEndpoint({
  service,
  method: 'GET',
  path: '/user/me/last-customer',
  summary:
    'The customer the signed-in user last chose to work in, while they still belong to it (null otherwise)',
  access: 'authenticated',
  errors: ['user_not_found'],
  schemas: () => schemas().then((s) => ({ response: s.lastCustomerSchema })),
});

export const setLastCustomer = defineEndpoint({
  service,
  method: 'PUT',
  path: '/user/me/last-customer/:customerId',
  summary: 'Remember the customer the signed-in user chose to work in (one of their own)',
  access: { permissions: [] },
  tenant: { path: 'customerId' },
  successStatus: 204,
  errors: ['user_not_found'],
  schemas: () =>
    schemas().then((s) => ({ params: s.lastCustomerPathSchema, response: s.noContentSchema })),
});

export const activateUser = defineEndpoint({
  service,
  method: 'POST',
  path: '/user/activate',
  summary: "Accept an invite: join its customer with its roles (the invite's address only)",
  access: 'authenticated',
  errors: ['missing_token', 'invite_not_found', 'user_not_found', 'user_already_active'],
  schemas: () =>
    schemas().then((s) => ({
      body: s.optionalUserActivateSchema,
      response: s.userActivatedSchema,
    })),
});

// Customers

export const listMyCustomers = defineEndpoint({
  service,
  method: 'GET',
  path: '/customer',
  summary: 'The customers the signed-in user belongs to, sorted by name',
  access: 'authenticated',
  errors: ['no_customers_found'],
  schemas: () => schemas().then((s) => ({ response: s.customerListSchema })),
});

export const customerExists = defineEndpoint({
  service,
  method: 'GET',
  path: '/customer/exists',
  summary: "Whether a customer has this domain (404 when none; the provider's own is skipped)",
  access: 'authenticated',
  errors: ['no_customers_found'],
  schemas: () =>
    schemas().then((s) => ({
      query: s.customerExistsQuerySchema,
      response: s.customerExistsSchema,
    })),
});

export const getCustomer = defineEndpoint({
  service,
  method: 'GET',
  path: '/customer/:customerId',
  summary: 'One customer, for its members and staff',
  access: { permissions: [] },
  tenant: { path: 'customerId' },
  errors: ['no_customers_found'],
  schemas: () =>
    schemas().then((s) => ({ params: s.customerPathParamsSchema, response: s.customerSchema })),
});

export const listCustomerUsers = defineEndpoint({
  service,
  method: 'GET',
  path: '/customer/:customerId/users',
  summary: "The customer's members with their roles, sorted by name",
  access: { permissions: ['read:team_members'], orStaff: true },
  tenant: { path: 'customerId' },
  errors: [],
  schemas: () =>
    schemas().then((s) => ({
      params: s.customerPathParamsSchema,
      response: s.customerUserListSchema,
    })),
});

export const searchCustomers = defineEndpoint({
  service,
  method: 'GET',
  path: '/customers',
  summary: 'Staff: customers whose name or id contains the search text, by name',
  access: 'staff',
  errors: [],
  schemas: () =>
    schemas().then((s) => ({
      query: s.customerSearchQuerySchema,
      response: s.customerListSchema,
    })),
});

export const updateCustomerSegment = defineEndpoint({
  service,
  method: 'PUT',
  path: '/customer',
  summary: "Update the selected customer's segmentation (company size, reward need, use cases)",
  access: { permissions: ['write:team_members'] },
  tenant: 'header',
  errors: ['no_customers_found'],
  schemas: () =>
    schemas().then((s) => ({
      body: s.customerSegmentUpdateSchema,
      response: s.customerSegmentSchema,
    })),
});

export const getCustomerLimits = defineEndpoint({
  service,
  method: 'GET',
  path: '/customer/:customerId/limits',
  summary: "The customer's order limits per currency (null: none)",
  access: { permissions: [] },
  tenant: { path: 'customerId' },
  errors: ['no_customers_found'],
  schemas: () =>
    schemas().then((s) => ({
      params: s.customerPathParamsSchema,
      response: s.customerOrderLimitsSchema,
    })),
});

export const setCustomerLimits = defineEndpoint({
  service,
  method: 'POST',
  path: '/customer/:customerId/limits',
  summary: "Set the customer's order limits per currency, or none (staff)",
  access: 'staff',
  tenant: { path: 'customerId' },
  errors: ['no_customers_found'],
  schemas: () =>
    schemas().then((s) => ({
      params: s.customerPathParamsSchema,
      body: s.customerOrderLimitsUpdateSchema,
      response: s.customerOrderLimitsSchema,
    })),
});

export const enableBalances = defineEndpoint({
  service,
  method: 'POST',
  path: '/customer/:customerId/enable-balances',
  summary: 'Turn balances on with these float currencies and card fees (staff; idempotent)',
  access: 'staff',
  tenant: { path: 'customerId' },
  errors: ['no_customers_found'],
  schemas: () =>
    schemas().then((s) => ({
      params: s.customerPathParamsSchema,
      body: s.enableBalancesSchema,
      response: s.customerSchema,
    })),
});

export const getSignedShopUrl = defineEndpoint({
  service,
  method: 'POST',
  path: '/customer/:customerId/get-signed-shop-url',
  summary:
    'A link to the shop for the signed-in user at the selected customer, signed over both and valid 10 minutes',
  access: { permissions: ['read:products'] },
  tenant: { path: 'customerId' },
  errors: ['no_customers_found'],
  schemas: () =>
    schemas().then((s) => ({
      params: s.customerPathParamsSchema,
      response: s.signedShopUrlSchema,
    })),
});

// Team and invites

export const createInvite = defineEndpoint({
  service,
  method: 'POST',
  path: '/user/invite',
  summary: 'Invite an e-mail address to the selected customer with roles (mails the link)',
  access: { permissions: ['write:team_members'] },
  tenant: 'header',
  successStatus: 201,
  // A retried request (a lost answer, a second click) must not invite, ask or approve twice.
  idempotency: 'optional',
  errors: [
    'no_customers_found',
    'user_not_found',
    'user_already_exists',
    'user_already_invited',
    'invite_limit_reached',
  ],
  schemas: () => schemas().then((s) => ({ body: s.inviteCreateSchema, response: s.inviteSchema })),
});

export const lookUpInvites = defineEndpoint({
  service,
  method: 'GET',
  path: '/user/invite',
  summary:
    "With token: the invite it belongs to. With customer_id: the customer's open invites (read:team_members)",
  // 'authenticated', not a tenant permission: the token lookup is made by the invitee, who is not
  // a member of the invite's customer yet (and may not even have a backend user, spec 4.1). The
  // listing's permission is checked at the query's customer by the handler.
  access: 'authenticated',
  tenant: { query: 'customer_id', optional: true },
  errors: ['missing_token', 'invite_not_found'],
  schemas: () =>
    schemas().then((s) => ({
      query: s.inviteLookupQuerySchema,
      response: s.inviteLookupResultSchema,
    })),
});

export const revokeInvite = defineEndpoint({
  service,
  method: 'DELETE',
  path: '/user/invite',
  summary: 'Revoke the open invite to an address (its link stops working)',
  access: { permissions: ['delete:team_members'] },
  tenant: { query: 'customer_id' },
  successStatus: 204,
  errors: ['invite_not_found'],
  schemas: () =>
    schemas().then((s) => ({ query: s.inviteTargetQuerySchema, response: s.noContentSchema })),
});

export const resendInvite = defineEndpoint({
  service,
  method: 'POST',
  path: '/user/invite/resend',
  summary: 'Send the open invite again with a new link, valid afresh (the old link stops working)',
  access: { permissions: ['write:team_members'] },
  tenant: { query: 'customer_id' },
  errors: [
    'invite_not_found',
    'no_customers_found',
    'user_not_found',
    'user_already_exists',
    'invite_resend_too_soon',
    'invite_resend_limit_reached',
    'invite_limit_reached',
  ],
  schemas: () =>
    schemas().then((s) => ({ query: s.inviteTargetQuerySchema, response: s.inviteSchema })),
});

export const changeMemberRoles = defineEndpoint({
  service,
  method: 'PUT',
  path: '/user/:userId/roles',
  summary: "Change a member's roles at the selected customer",
  access: { permissions: ['write:team_members'] },
  tenant: 'header',
  errors: ['user_not_found'],
  schemas: () =>
    schemas().then((s) => ({
      params: s.userRolesPathSchema,
      body: s.userRolesUpdateSchema,
      response: s.customerUserSchema,
    })),
});

export const removeMember = defineEndpoint({
  service,
  method: 'DELETE',
  path: '/customer/:customerId/user/:userId',
  summary: 'Remove a member from the customer (access ends at once)',
  access: { permissions: ['delete:team_members'] },
  tenant: { path: 'customerId' },
  successStatus: 204,
  errors: ['user_not_found'],
  schemas: () =>
    schemas().then((s) => ({ params: s.customerUserPathSchema, response: s.noContentSchema })),
});

// Onboarding and pending customers

export const getOnboardingState = defineEndpoint({
  service,
  method: 'GET',
  path: '/onboarding-state',
  summary: "The signed-in user's pending customer (404 when there is none)",
  access: 'authenticated',
  errors: [],
  schemas: () => schemas().then((s) => ({ response: s.onboardingStateResponseSchema })),
});

export const createPendingCustomer = defineEndpoint({
  service,
  method: 'POST',
  path: '/pending-customer',
  summary: "Ask for a company account for the signed-in user's e-mail domain",
  access: 'authenticated',
  successStatus: 201,
  // A retried request (a lost answer, a second click) must not invite, ask or approve twice.
  idempotency: 'optional',
  errors: [
    'user_not_found',
    'user_already_active',
    'pending_customer_exists',
    'customer_with_domain_exists',
  ],
  schemas: () =>
    schemas().then((s) => ({
      body: s.pendingCustomerCreateSchema,
      response: s.onboardingStateResponseSchema,
    })),
});

export const listPendingCustomers = defineEndpoint({
  service,
  method: 'GET',
  path: '/pending-customer',
  summary: 'Pending customers by company name, filtered by status and name prefix (staff)',
  access: 'staff',
  errors: [],
  schemas: () =>
    schemas().then((s) => ({
      query: s.pendingCustomerListQuerySchema,
      response: s.pendingCustomerPageSchema,
    })),
});

export const approvePendingCustomer = defineEndpoint({
  service,
  method: 'POST',
  path: '/pending-customer/approve',
  summary: 'Approve a pending customer: creates the customer with its settings (staff)',
  access: 'staff',
  // A retried request (a lost answer, a second click) must not invite, ask or approve twice.
  idempotency: 'optional',
  errors: [
    'pending_customer_already_approved',
    'pending_customer_already_declined',
    'pending_customer_not_ready',
    'customer_with_domain_exists',
  ],
  schemas: () =>
    schemas().then((s) => ({
      body: s.pendingCustomerApproveSchema,
      response: s.customerSchema,
    })),
});

export const declinePendingCustomer = defineEndpoint({
  service,
  method: 'POST',
  path: '/pending-customer/decline',
  summary: 'Decline a pending customer (staff)',
  access: 'staff',
  errors: [
    'pending_customer_already_approved',
    'pending_customer_already_declined',
    'pending_customer_not_ready',
  ],
  schemas: () =>
    schemas().then((s) => ({
      body: s.pendingCustomerDeclineSchema,
      response: s.pendingCustomerSchema,
    })),
});
