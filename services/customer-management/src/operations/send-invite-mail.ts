import type { Database } from '@boon/db';
import { AppError } from '@boon/service-kit';
import type { CustomerManagementDeps } from '../deps.js';
import {
  findCustomerName,
  findPersonName,
  type InviteRow,
} from '../repositories/invite-repository.js';
import { parseRoles } from '../repositories/stored-roles.js';
import { displayName } from './display-name.js';
import { inviteMail } from './invite-mail.js';

/** The people and customer a mail about an invite names. */
async function mailParties(tx: Database, customerId: string, inviterId: string) {
  const customerName = await findCustomerName(tx, customerId);
  if (customerName === undefined) throw new AppError('no_customers_found');
  const inviter = await findPersonName(tx, inviterId);
  if (!inviter) throw new AppError('user_not_found');
  return { customerName, inviterName: displayName(inviter) };
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
