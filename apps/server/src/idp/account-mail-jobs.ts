import type { Accounts } from '@boon/customer-management';
import type { Database } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import { sendPasswordResetMail, sendVerificationMail, type MailContext } from './mails.js';

export const PASSWORD_RESET_MAIL_QUEUE = 'idp.password-reset-mail';
export const VERIFICATION_MAIL_QUEUE = 'idp.verification-mail';

interface AccountMailJob {
  /** As typed into the form: the job, not the request, looks it up. */
  email: string;
}

/**
 * "Forgot your password?" and "Resend verification e-mail" queue a job for every address,
 * whether or not it has an account, so the request does the same work (one job row in one
 * transaction) and takes the same time for both: nobody can tell from the answer which addresses
 * have accounts. The lookup, the link and the mail happen here. Run twice, a job sends a second
 * working link, which is harmless.
 */
export async function defineAccountMailJobs(
  jobs: JobQueue,
  options: { db: Database; accounts: Accounts; mail: MailContext },
): Promise<void> {
  const { db, accounts, mail } = options;
  await jobs.define<AccountMailJob>(PASSWORD_RESET_MAIL_QUEUE, async ({ email }) => {
    await db.transaction(async (tx) => {
      const account = await accounts.findByEmail(email, tx);
      if (!account || account.blocked) return;
      await sendPasswordResetMail(tx, mail, account);
    });
  });
  await jobs.define<AccountMailJob>(VERIFICATION_MAIL_QUEUE, async ({ email }) => {
    await db.transaction(async (tx) => {
      const account = await accounts.findByEmail(email, tx);
      if (!account || account.emailVerified || account.blocked) return;
      await sendVerificationMail(tx, mail, account);
    });
  });
}

/** Queues the reset mail for `email` inside `tx`, with no lookup of the address. */
export function queuePasswordResetMail(jobs: JobQueue, tx: Database, email: string): Promise<void> {
  return jobs.send<AccountMailJob>(tx, PASSWORD_RESET_MAIL_QUEUE, { email });
}

/** Queues a new verification mail for `email` inside `tx`, with no lookup of the address. */
export function queueVerificationMail(jobs: JobQueue, tx: Database, email: string): Promise<void> {
  return jobs.send<AccountMailJob>(tx, VERIFICATION_MAIL_QUEUE, { email });
}
