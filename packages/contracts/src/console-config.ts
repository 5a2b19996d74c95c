import { z } from 'zod';
import { text } from './text.js';

/** Base address of each backend service (spec section 7: one per service, per environment). */
export const serviceBaseUrlsSchema = z.object({
  customerManagement: text(),
  ordering: text(),
  catalog: text(),
  billing: text(),
  savedCards: text(),
  apiKeys: text(),
  uiGateway: text(),
  templates: text(),
  connect: text(),
  /** The mail service's staff outbox (/debug/mailbox). */
  mail: text(),
  /** The recipients' reward pages' calls (public). */
  redeem: text(),
});
export type ServiceBaseUrls = z.infer<typeof serviceBaseUrlsSchema>;

/**
 * The parts of the provider's discovery document (OpenID Connect Discovery 1.0) that the
 * console's OpenID Connect client reads, under their discovery names.
 */
export const oidcProviderMetadataSchema = z.object({
  issuer: text().url(),
  authorization_endpoint: text().url(),
  token_endpoint: text().url(),
  end_session_endpoint: text().url(),
  revocation_endpoint: text().url(),
  jwks_uri: text().url(),
  userinfo_endpoint: text().url(),
});
export type OidcProviderMetadata = z.infer<typeof oidcProviderMetadataSchema>;

/** What the server hands the console at run time, so one build serves any host or provider. */
export const consoleConfigSchema = z.object({
  productName: text().min(1),
  environment: z.enum(['development', 'test', 'production']),
  oidc: z.object({
    issuer: text().url(),
    clientId: text().min(1),
    audience: text().min(1),
    scope: text().min(1),
    /**
     * The provider's endpoints, when the server knows them (its embedded provider): the console
     * then sends a signed-out visitor to sign in without first fetching the discovery document.
     * Without it, the console reads them from the issuer's discovery document.
     */
    metadata: oidcProviderMetadataSchema.optional(),
  }),
  api: serviceBaseUrlsSchema,
  /** Error reporting starts only when a DSN is configured (spec 9 sample rates apply). */
  sentryDsn: text().url().nullable(),
  /** Where the four intro videos of the Help page are served from (a folder URL, no trailing slash). */
  helpVideosUrl: text().min(1),
});
export type ConsoleConfig = z.infer<typeof consoleConfigSchema>;
