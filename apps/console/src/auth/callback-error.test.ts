import { ErrorResponse } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { callbackFailureAction } from './callback-error';

describe('callbackFailureAction', () => {
  it.each(['login_required', 'interaction_required', 'consent_required'])(
    'restarts login when the provider answers %s',
    (error) => {
      expect(callbackFailureAction(new ErrorResponse({ error }))).toBe('restart-login');
    },
  );

  it('restarts login for an unknown or missing state', () => {
    expect(callbackFailureAction(new Error('No matching state found in storage'))).toBe(
      'restart-login',
    );
    expect(callbackFailureAction(new Error('No state in response'))).toBe('restart-login');
  });

  it('logs out for anything else', () => {
    expect(callbackFailureAction(new ErrorResponse({ error: 'access_denied' }))).toBe('logout');
    expect(callbackFailureAction(new Error('invalid_grant'))).toBe('logout');
    expect(callbackFailureAction('boom')).toBe('logout');
  });
});
