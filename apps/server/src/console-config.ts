import { defaultServiceBasePaths, type ConsoleConfig } from '@boon/contracts';
import type { ServerConfig } from './config.js';
import { providerMetadata } from './idp/provider.js';

/** What the console needs at run time; relative service bases keep it on whatever origin serves it. */
export function consoleConfigFor(config: ServerConfig): ConsoleConfig {
  return {
    productName: config.productName,
    environment: config.nodeEnv,
    oidc: {
      issuer: config.oidc.issuer,
      clientId: config.oidc.clientId,
      audience: config.oidc.audience,
      scope: config.oidc.scope,
      // Another provider's endpoints come from its discovery document, read by the console.
      ...(config.idp.enabled ? { metadata: providerMetadata(config.oidc.issuer) } : {}),
    },
    api: { ...defaultServiceBasePaths },
    sentryDsn: config.sentryDsn,
    helpVideosUrl: config.helpVideosUrl,
  };
}

/** JSON that is safe inside a <script type="application/json"> element. */
export function serializeForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
