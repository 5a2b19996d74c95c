import {
  CONSOLE_CONFIG_ELEMENT_ID,
  CONSOLE_CONFIG_MARKER,
  defaultServiceBasePaths,
  type ConsoleConfig,
  type OidcProviderMetadata,
  type ServiceBaseUrls,
} from '@boon/contracts';

export type { ConsoleConfig };

/**
 * The id of the inert JSON script element in index.html that carries the configuration. The
 * shape below is checked by hand rather than with consoleConfigSchema, which would bring all of
 * zod (about 26 KB gzip) into the first-screen chunk; config.test.ts holds it to the contract.
 */
export const CONFIG_ELEMENT_ID = CONSOLE_CONFIG_ELEMENT_ID;

/** The intro videos the console ships with (apps/console/public/help-videos). */
export const DEFAULT_HELP_VIDEOS_URL = '/help-videos';

export class ConsoleConfigError extends Error {
  override name = 'ConsoleConfigError';
}

// Records keyed by the contract's types, so adding a service or environment there fails to compile here.
const serviceNames: Record<keyof ServiceBaseUrls, true> = {
  customerManagement: true,
  ordering: true,
  catalog: true,
  billing: true,
  savedCards: true,
  apiKeys: true,
  uiGateway: true,
  templates: true,
  connect: true,
  mail: true,
  redeem: true,
};
const metadataFields: Record<keyof OidcProviderMetadata, true> = {
  issuer: true,
  authorization_endpoint: true,
  token_endpoint: true,
  end_session_endpoint: true,
  revocation_endpoint: true,
  jwks_uri: true,
  userinfo_endpoint: true,
};
const environments: Record<ConsoleConfig['environment'], true> = {
  development: true,
  test: true,
  production: true,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Validates the configuration exactly as consoleConfigSchema does (unknown keys dropped) and
 * throws a ConsoleConfigError naming every wrong field.
 */
export function parseConsoleConfig(value: unknown): ConsoleConfig {
  const problems: string[] = [];
  const root = isRecord(value) ? value : {};
  if (!isRecord(value)) problems.push('(root): expected an object');

  const text = (record: Record<string, unknown>, path: string, key: string, minLength: number) => {
    const field = record[key];
    if (typeof field !== 'string') {
      problems.push(`${path}${key}: expected a string`);
      return '';
    }
    if (field.length < minLength) problems.push(`${path}${key}: must not be empty`);
    return field;
  };

  const productName = text(root, '', 'productName', 1);
  const environment = root.environment;
  if (typeof environment !== 'string' || !Object.hasOwn(environments, environment)) {
    problems.push(`environment: expected one of ${Object.keys(environments).join(', ')}`);
  }

  const oidcValue = isRecord(root.oidc) ? root.oidc : {};
  if (!isRecord(root.oidc)) problems.push('oidc: expected an object');
  const issuer = text(oidcValue, 'oidc.', 'issuer', 0);
  if (typeof oidcValue.issuer === 'string' && !isUrl(issuer))
    problems.push('oidc.issuer: expected a URL');
  const oidc: ConsoleConfig['oidc'] = {
    issuer,
    clientId: text(oidcValue, 'oidc.', 'clientId', 1),
    audience: text(oidcValue, 'oidc.', 'audience', 1),
    scope: text(oidcValue, 'oidc.', 'scope', 1),
  };
  if (oidcValue.metadata !== undefined) {
    const metadataValue = isRecord(oidcValue.metadata) ? oidcValue.metadata : {};
    if (!isRecord(oidcValue.metadata)) problems.push('oidc.metadata: expected an object');
    oidc.metadata = Object.fromEntries(
      Object.keys(metadataFields).map((name) => {
        const value = text(metadataValue, 'oidc.metadata.', name, 0);
        if (typeof metadataValue[name] === 'string' && !isUrl(value)) {
          problems.push(`oidc.metadata.${name}: expected a URL`);
        }
        return [name, value];
      }),
    ) as OidcProviderMetadata;
  }

  const apiValue = isRecord(root.api) ? root.api : {};
  if (!isRecord(root.api)) problems.push('api: expected an object');
  const api = Object.fromEntries(
    Object.keys(serviceNames).map((name) => [name, text(apiValue, 'api.', name, 0)]),
  ) as ServiceBaseUrls;

  const sentryDsn = root.sentryDsn;
  if (sentryDsn !== null && (typeof sentryDsn !== 'string' || !isUrl(sentryDsn))) {
    problems.push('sentryDsn: expected a URL or null');
  }
  const helpVideosUrl = text(root, '', 'helpVideosUrl', 1);

  if (problems.length > 0) {
    throw new ConsoleConfigError(`Invalid console configuration: ${problems.join('; ')}`);
  }
  return {
    productName,
    environment: environment as ConsoleConfig['environment'],
    oidc,
    api,
    sentryDsn: sentryDsn as string | null,
    helpVideosUrl,
  };
}

/**
 * The configuration used when no server injected one: `npm run dev` and component tests. Under
 * `npm run dev` Vite proxies /api and /idp to the server, which runs with PUBLIC_URL set to
 * Vite's own origin, so the issuer and audience are the page's origin, as OpenID Connect's
 * literal issuer check and the registered redirect URIs need.
 */
export function developmentConfig(
  origin: string = globalThis.location?.origin ?? 'http://localhost:8080',
): ConsoleConfig {
  return {
    productName: 'Boon',
    environment: 'development',
    oidc: {
      issuer: `${origin}/idp`,
      clientId: 'boon-console',
      audience: `${origin}/api`,
      scope: 'openid email profile',
    },
    api: { ...defaultServiceBasePaths },
    sentryDsn: null,
    helpVideosUrl: DEFAULT_HELP_VIDEOS_URL,
  };
}

/**
 * Reads the runtime configuration the server injected into index.html, so one build serves any
 * host or identity provider. A production build without it is a deployment mistake and fails
 * loudly instead of talking to the wrong place.
 */
export function readConsoleConfig(
  doc: Document = document,
  allowFallback: boolean = import.meta.env.DEV || import.meta.env.MODE === 'test',
): ConsoleConfig {
  const raw = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent?.trim() ?? '';
  if (raw === '' || raw === CONSOLE_CONFIG_MARKER) {
    if (allowFallback) return developmentConfig();
    throw new ConsoleConfigError(
      `The server did not inject the console configuration (#${CONFIG_ELEMENT_ID}).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConsoleConfigError(`#${CONFIG_ELEMENT_ID} does not hold valid JSON.`);
  }
  return parseConsoleConfig(json);
}

let current: ConsoleConfig | undefined;

/** The configuration of this page load, read once. Throws a ConsoleConfigError when invalid. */
export function getConsoleConfig(): ConsoleConfig {
  current ??= readConsoleConfig();
  return current;
}
