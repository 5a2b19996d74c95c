import { ErrorResponse } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { classifyCallbackFailure, verifyEmailPath, type CallbackFailure } from './callback-error';

const providerError = (error: string, error_description?: string) =>
  new ErrorResponse({ error, ...(error_description === undefined ? {} : { error_description }) });

describe('classifyCallbackFailure (spec 4.2, login errors of spec 8)', () => {
  it.each<[string, unknown, CallbackFailure]>([
    [
      'an unverified address, as the embedded provider says it',
      providerError('access_denied', 'email-unverified:unverified%40acme.test'),
      { action: 'verify-email', email: 'unverified@acme.test' },
    ],
    [
      'an unverified address with characters that need encoding',
      providerError('access_denied', `email-unverified:${encodeURIComponent('a+b"c@x.test')}`),
      { action: 'verify-email', email: 'a+b"c@x.test' },
    ],
    [
      'an unverified address another provider sends unencoded, with another error code',
      providerError('unauthorized', 'email-unverified:ada@company.test'),
      { action: 'verify-email', email: 'ada@company.test' },
    ],
    [
      'an unverified address that is not valid percent-encoding',
      providerError('access_denied', 'email-unverified:100%@x.test'),
      { action: 'verify-email', email: '100%@x.test' },
    ],
    [
      'an unverified address without the address',
      providerError('access_denied', 'email-unverified:'),
      { action: 'verify-email', email: null },
    ],
    [
      'a blocked user (embedded provider)',
      providerError('access_denied', 'user is blocked'),
      { action: 'blocked' },
    ],
    [
      'a blocked user (a hosted provider such as Auth0)',
      providerError('unauthorized', 'User is blocked'),
      { action: 'blocked' },
    ],
    ['login required', providerError('login_required'), { action: 'restart-login' }],
    [
      'interaction required (MFA)',
      providerError('interaction_required'),
      { action: 'restart-login' },
    ],
    ['consent required', providerError('consent_required'), { action: 'restart-login' }],
    [
      'an unknown state',
      new Error('No matching state found in storage'),
      { action: 'restart-login' },
    ],
    ['a response without state', new Error('No state in response'), { action: 'restart-login' }],
    ['any other access_denied', providerError('access_denied', 'nope'), { action: 'logout' }],
    ['a provider error without description', providerError('server_error'), { action: 'logout' }],
    ['a failed code exchange', new Error('invalid_grant'), { action: 'logout' }],
    ['an expiration-time claim error', new Error('exp is in the past'), { action: 'logout' }],
    ['something that is not an error', 'boom', { action: 'logout' }],
  ])('%s', (_name, error, expected) => {
    expect(classifyCallbackFailure(error)).toEqual(expected);
  });
});

describe('verifyEmailPath', () => {
  it('carries the address as the email query', () => {
    expect(verifyEmailPath('a+b@acme.test')).toBe('/onboard/verify-email?email=a%2Bb%40acme.test');
  });

  it('is the bare screen without an address', () => {
    expect(verifyEmailPath(null)).toBe('/onboard/verify-email');
  });
});
