import { Button, Spinner } from '@boon/ui';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { errorMessage, getConsoleConfig, useUserMe } from '@boon/console-kit';
import { routePath } from '../../../app/route-names';

/**
 * The identity provider's two-factor settings page for the signed-in user, returning to
 * `returnTo` afterwards. The embedded provider serves it at {issuer}/account/two-factor.
 */
export function twoFactorSettingsUrl(issuer: string, returnTo: string): string {
  const url = new URL(`${issuer.replace(/\/+$/, '')}/account/two-factor`);
  url.searchParams.set('return_to', returnTo);
  return url.href;
}

/**
 * Settings' "Two-factor authentication": whether the user's sign-in asks for a code from an
 * authenticator app (GET /user/me's mfaEnabled), and a link to set it up or manage it at the
 * identity provider, which owns the second factor and comes back to Settings.
 */
export function TwoFactorSetting() {
  const user = useUserMe();

  if (user.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner className="h-4 w-4" />
        Loading your two-factor authentication setting…
      </p>
    );
  }
  if (user.isError) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-4 rounded-md bg-danger-surface px-4 py-3 text-danger"
      >
        <p>
          We couldn&apos;t load your two-factor authentication setting: {errorMessage(user.error)}
        </p>
        <Button variant="secondary" onClick={() => void user.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const enabled = user.data.mfaEnabled;
  const returnTo = new URL(routePath('user-settings') ?? '/', window.location.origin).href;
  const href = twoFactorSettingsUrl(getConsoleConfig().oidc.issuer, returnTo);
  const Icon = enabled ? ShieldCheck : ShieldOff;

  return (
    <div className="flex flex-col items-start gap-3">
      <p className="flex items-center gap-2 text-sm text-ink">
        <Icon
          className={`h-4 w-4 ${enabled ? 'text-success' : 'text-ink-muted'}`}
          aria-hidden="true"
        />
        Two-factor authentication:{' '}
        <strong className="font-semibold">{enabled ? 'On' : 'Off'}</strong>
      </p>
      <p className="text-sm text-ink-muted">
        {enabled
          ? 'Signing in asks for a code from your authenticator app after your password.'
          : 'Protect your account with a code from an authenticator app, asked for after your password when you sign in.'}
      </p>
      <a
        href={href}
        className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-brand-700"
      >
        {enabled ? 'Manage two-factor authentication' : 'Set up two-factor authentication'}
      </a>
    </div>
  );
}
