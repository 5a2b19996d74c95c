import { emailAddressSchema } from '@boon/contracts';
import { getConsoleConfig } from '@boon/console-kit';
import { FormField, useContractForm } from '@boon/console-kit/forms';
import { Button, TextField } from '@boon/ui';
import { Link, useSearch } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { OnboardingPanel, textLinkClasses } from './onboarding-panel';

/**
 * The provider's "Resend verification e-mail" page. Opened with `?email=…` it shows its own form
 * for that address, whose POST carries the provider's CSRF token: a POST straight from the console
 * would be refused as a cross-site form.
 */
export function verificationResendUrl(issuer: string = getConsoleConfig().oidc.issuer): string {
  return `${issuer.replace(/\/+$/, '')}/verify-email/resend`;
}

/** The address the provider's resend form is opened for. */
const resendFormSchema = z.object({ email: emailAddressSchema });

export interface VerifyEmailPageProps {
  /** The address the sign-in found unverified (spec 4.2: the callback passes it on). */
  email?: string | undefined;
}

/**
 * /onboard/verify-email (spec 2.3, public): the user signed in with an address not verified yet.
 * "Resend verification e-mail" opens the identity provider's resend form for the address (a plain
 * form, so it works before any script of the provider runs); "Back to sign in" starts over.
 */
export function VerifyEmailPage({ email }: VerifyEmailPageProps) {
  const form = useContractForm(resendFormSchema, { defaultValues: { email: '' } });
  // The provider cannot send a mail to nobody: the address asked for is checked first. The
  // request itself stays the browser's own GET of the form, so the provider's page opens.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    void form.submit(() => element.submit())(event);
  };

  return (
    <OnboardingPanel title="Verify your e-mail address">
      <p>
        {email ? (
          <>
            We sent a verification link to{' '}
            <strong className="font-semibold text-ink">{email}</strong>.
          </>
        ) : (
          'We sent you a verification link.'
        )}{' '}
        Open it to verify your address, then sign in again. The link may take a few minutes to
        arrive; check your spam folder too.
      </p>
      <form
        method="get"
        action={verificationResendUrl()}
        // The link's own address goes as it came, as the sign-in found it.
        onSubmit={email ? undefined : submit}
        noValidate
        className="flex flex-col gap-4"
      >
        {email ? (
          <input type="hidden" name="email" value={email} />
        ) : (
          <FormField
            form={form}
            name="email"
            as={TextField}
            label="Email address"
            type="email"
            autoComplete="email"
            hideCounter
          />
        )}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit">Resend verification e-mail</Button>
          <Link to="/login" search={email ? { email } : {}} className={textLinkClasses}>
            Back to sign in
          </Link>
        </div>
      </form>
    </OnboardingPanel>
  );
}

/** The page at /onboard/verify-email, with the address from the link's email query. */
export function VerifyEmailRoutePage() {
  const { email } = useSearch({ from: '/onboard/verify-email' });
  return <VerifyEmailPage email={email} />;
}
