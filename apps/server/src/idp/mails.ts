import type { Database } from '@boon/db';
import type { Mailer } from '@boon/mail';
import { EMAIL_TOKEN_TTL_SECONDS, issueEmailToken } from './email-tokens.js';

export interface MailContext {
  mailer: Mailer;
  productName: string;
  /** The provider's public URL (the issuer): links in mails point at its pages. */
  issuer: string;
  /** The console's origin: where "Sign in" starts. */
  publicUrl: string;
}

/** The page a verification link opens. */
export function verifyEmailUrl(issuer: string, token: string): string {
  return `${issuer}/verify-email?token=${encodeURIComponent(token)}`;
}

/** The provider's "Forgot your password?" form, with the address filled in. */
export function forgotPasswordUrl(issuer: string, email: string): string {
  return `${issuer}/forgot-password?email=${encodeURIComponent(email)}`;
}

/** The page a reset link opens. */
export function resetPasswordUrl(issuer: string, token: string): string {
  return `${issuer}/reset-password?token=${encodeURIComponent(token)}`;
}

/** A new verification link for the user, mailed inside `tx` with the change that needs it. */
export async function sendVerificationMail(
  tx: Database,
  context: MailContext,
  user: { id: string; email: string },
): Promise<void> {
  const token = await issueEmailToken(tx, user.id, 'verify-email');
  const hours = EMAIL_TOKEN_TTL_SECONDS['verify-email'] / 3600;
  await context.mailer.send(tx, {
    kind: 'verify-email',
    to: user.email,
    subject: `Verify your e-mail address for ${context.productName}`,
    content: {
      heading: 'Verify your e-mail address',
      paragraphs: [
        `Welcome to ${context.productName}. Confirm that ${user.email} is your address to finish creating your account.`,
      ],
      action: { label: 'Verify e-mail address', url: verifyEmailUrl(context.issuer, token) },
      footnote: `The link works once and for ${hours} hours. If you did not create an account, ignore this mail.`,
    },
  });
}

/** A password reset link for the user, mailed inside `tx`. */
export async function sendPasswordResetMail(
  tx: Database,
  context: MailContext,
  user: { id: string; email: string },
): Promise<void> {
  const token = await issueEmailToken(tx, user.id, 'reset-password');
  const minutes = EMAIL_TOKEN_TTL_SECONDS['reset-password'] / 60;
  await context.mailer.send(tx, {
    kind: 'reset-password',
    to: user.email,
    subject: `Reset your ${context.productName} password`,
    content: {
      heading: 'Reset your password',
      paragraphs: [
        `Someone asked to reset the password of the ${context.productName} account for ${user.email}. If it was you, choose a new password with the link below.`,
      ],
      action: { label: 'Choose a new password', url: resetPasswordUrl(context.issuer, token) },
      footnote: `The link works once and for ${minutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    },
  });
}

/**
 * What a sign-up for an address that already has an account sends instead of creating one: the
 * sign-up form answers exactly as for a new address (so it tells nobody which addresses have
 * accounts), and only the owner of the mailbox learns that the account exists, with the ways
 * back in. Nothing about the account changes.
 *
 * "Sign in" is the mail's button; the password reset is a link beside it.
 */
export async function sendExistingAccountMail(
  tx: Database,
  context: MailContext,
  user: { email: string },
): Promise<void> {
  const signIn = `${context.publicUrl}/login?email=${encodeURIComponent(user.email)}`;
  await context.mailer.send(tx, {
    kind: 'sign-up-existing-account',
    to: user.email,
    subject: `You already have a ${context.productName} account`,
    content: {
      heading: `You already have a ${context.productName} account`,
      paragraphs: [
        `Someone tried to create a ${context.productName} account for ${user.email}, but this address already has one. Nothing was changed: sign in with your password as usual.`,
      ],
      action: { label: 'Sign in', url: signIn },
      links: [{ label: 'Reset your password', url: forgotPasswordUrl(context.issuer, user.email) }],
      footnote: 'If you did not try to create an account, you can ignore this mail.',
    },
  });
}
