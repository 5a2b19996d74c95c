import { customers, eq, users, type Database } from '@boon/db';
import { AppError } from '@boon/service-kit';
import type { CustomerManagementDeps } from '../deps.js';
import {
  displayName,
  inviteMail,
  parseRoles,
  type InviteRow,
} from '../repositories/invite-repository.js';

/** The people and customer a mail about an invite names. */
async function mailParties(tx: Database, customerId: string, inviterId: string) {
  const [customer] = await tx
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!customer) throw new AppError('no_customers_found');
  const [inviter] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, inviterId))
    .limit(1);
  if (!inviter) throw new AppError('user_not_found');
  return { customerName: customer.name, inviterName: displayName(inviter) };
}

/**
 * Mails the invite with its fresh token, in the transaction that stored the token's hash, so the
 * mail exists exactly when the invite does. Answers the inviter's name, for the invite's answer.
 */
export async function sendInviteMail(
  tx: Database,
  {
    mailer,
    productName,
    publicUrl,
  }: Pick<CustomerManagementDeps, 'mailer' | 'productName' | 'publicUrl'>,
  row: InviteRow,
  token: string,
  inviterId: string,
): Promise<string> {
  const parties = await mailParties(tx, row.customerId, inviterId);
  await mailer.send(
    tx,
    inviteMail({
      to: row.email,
      token,
      roles: parseRoles(row.roles),
      ...parties,
      productName,
      publicUrl,
    }),
  );
  return parties.inviterName;
}
