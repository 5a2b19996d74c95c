import { z } from 'zod';

/** Base address of each backend service (spec section 7: one per service, per environment). */
export const serviceBaseUrlsSchema = z.object({
  customerManagement: z.string(),
  ordering: z.string(),
  catalog: z.string(),
  billing: z.string(),
  savedCards: z.string(),
  apiKeys: z.string(),
  uiGateway: z.string(),
  templates: z.string(),
  connect: z.string(),
  /** The mail service's staff outbox (/debug/mailbox). */
  mail: z.string(),
});
export type ServiceBaseUrls = z.infer<typeof serviceBaseUrlsSchema>;

/** What the server hands the console at run time, so one build serves any host or provider. */
export const consoleConfigSchema = z.object({
  productName: z.string().min(1),
  environment: z.enum(['development', 'test', 'production']),
  oidc: z.object({
    issuer: z.string().url(),
    clientId: z.string().min(1),
    audience: z.string().min(1),
    scope: z.string().min(1),
  }),
  api: serviceBaseUrlsSchema,
  /** Error reporting starts only when a DSN is configured (spec 9 sample rates apply). */
  sentryDsn: z.string().url().nullable(),
  /** Where the four intro videos of the Help page are served from (a folder URL, no trailing slash). */
  helpVideosUrl: z.string().min(1),
});
export type ConsoleConfig = z.infer<typeof consoleConfigSchema>;
