import { CONSOLE_CONFIG_ELEMENT_ID, consoleConfigSchema } from '@boon/contracts';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_ELEMENT_ID,
  ConsoleConfigError,
  developmentConfig,
  parseConsoleConfig,
  readConsoleConfig,
} from './console-config';

const valid = {
  productName: 'Boon',
  environment: 'production',
  oidc: {
    issuer: 'https://id.example.com/realms/boon',
    clientId: 'boon-console',
    audience: 'https://api.example.com',
    scope: 'openid email profile',
  },
  api: developmentConfig().api,
  sentryDsn: null,
  helpVideosUrl: '/help-videos',
};

const issuer = 'https://id.example.com/realms/boon';
const metadata = {
  issuer,
  authorization_endpoint: `${issuer}/auth`,
  token_endpoint: `${issuer}/token`,
  end_session_endpoint: `${issuer}/session/end`,
  revocation_endpoint: `${issuer}/token/revocation`,
  jwks_uri: `${issuer}/jwks`,
  userinfo_endpoint: `${issuer}/me`,
};

function documentWith(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (content !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = CONFIG_ELEMENT_ID;
    script.textContent = content;
    doc.head.append(script);
  }
  return doc;
}

/** Configurations that must be judged exactly as consoleConfigSchema judges them. */
const samples: Array<[string, unknown]> = [
  ['a valid configuration', valid],
  ['unknown keys, which are dropped', { ...valid, extra: 1, oidc: { ...valid.oidc, extra: 2 } }],
  ['empty service bases, which are allowed', { ...valid, api: { ...valid.api, connect: '' } }],
  ['not an object', 'config'],
  ['a Sentry DSN', { ...valid, sentryDsn: 'https://key@o1.ingest.sentry.io/2' }],
  ['a Sentry DSN that is not a URL', { ...valid, sentryDsn: 'key@sentry' }],
  ['no sentryDsn key', { ...valid, sentryDsn: undefined }],
  ['help videos from another host', { ...valid, helpVideosUrl: 'https://cdn.example.com/v' }],
  ['no help videos URL', { ...valid, helpVideosUrl: '' }],
  ['null', null],
  ['an array', []],
  ['no product name', { ...valid, productName: '' }],
  ['a numeric product name', { ...valid, productName: 7 }],
  ['an unknown environment', { ...valid, environment: 'staging' }],
  ['no oidc section', { ...valid, oidc: undefined }],
  ['an issuer that is not a URL', { ...valid, oidc: { ...valid.oidc, issuer: 'id.example.com' } }],
  ['an empty client id', { ...valid, oidc: { ...valid.oidc, clientId: '' } }],
  ['no audience', { ...valid, oidc: { ...valid.oidc, audience: undefined } }],
  ['an empty scope', { ...valid, oidc: { ...valid.oidc, scope: '' } }],
  ['the provider metadata', { ...valid, oidc: { ...valid.oidc, metadata } }],
  [
    'provider metadata with an endpoint that is not a URL',
    { ...valid, oidc: { ...valid.oidc, metadata: { ...metadata, token_endpoint: '/token' } } },
  ],
  [
    'provider metadata without an endpoint',
    { ...valid, oidc: { ...valid.oidc, metadata: { ...metadata, jwks_uri: undefined } } },
  ],
  [
    'provider metadata with unknown keys, which are dropped',
    { ...valid, oidc: { ...valid.oidc, metadata: { ...metadata, scopes_supported: ['openid'] } } },
  ],
  ['provider metadata that is not an object', { ...valid, oidc: { ...valid.oidc, metadata: 'x' } }],
  ['no api section', { ...valid, api: null }],
  ['a missing service base', { ...valid, api: { ...valid.api, billing: undefined } }],
  ['a numeric service base', { ...valid, api: { ...valid.api, ordering: 1 } }],
];

describe('parseConsoleConfig', () => {
  it('uses the element id of the contract', () => {
    expect(CONFIG_ELEMENT_ID).toBe(CONSOLE_CONFIG_ELEMENT_ID);
  });

  it.each(samples)('agrees with consoleConfigSchema on %s', (_name, sample) => {
    const expected = consoleConfigSchema.safeParse(sample);
    if (expected.success) {
      expect(parseConsoleConfig(sample)).toEqual(expected.data);
    } else {
      expect(() => parseConsoleConfig(sample)).toThrow(ConsoleConfigError);
    }
  });

  it('names every wrong field', () => {
    expect(() =>
      parseConsoleConfig({ ...valid, productName: '', api: { ...valid.api, billing: 3 } }),
    ).toThrow(
      'Invalid console configuration: productName: must not be empty; api.billing: expected a string',
    );
  });
});

describe('readConsoleConfig', () => {
  it('reads the configuration the server injected', () => {
    expect(readConsoleConfig(documentWith(JSON.stringify(valid)), false)).toEqual(valid);
  });

  it('falls back to the development configuration while the marker is still there', () => {
    expect(readConsoleConfig(documentWith('__BOON_CONFIG__'), true)).toEqual(developmentConfig());
    expect(readConsoleConfig(documentWith(null), true)).toEqual(developmentConfig());
  });

  it('refuses to run a production build without injected configuration', () => {
    expect(() => readConsoleConfig(documentWith('__BOON_CONFIG__'), false)).toThrow(
      'The server did not inject the console configuration (#boon-config).',
    );
  });

  it('refuses configuration that is not JSON', () => {
    expect(() => readConsoleConfig(documentWith('{productName:'), false)).toThrow(
      ConsoleConfigError,
    );
  });

  it('keeps its development configuration valid', () => {
    expect(consoleConfigSchema.parse(developmentConfig())).toEqual(developmentConfig());
  });
});
