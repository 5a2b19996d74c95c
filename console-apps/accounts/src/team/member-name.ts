import type { CustomerUser } from '@boon/contracts';

/** How the team screens name a member: their name, or their address when they gave none. */
export function memberName(member: Pick<CustomerUser, 'firstName' | 'lastName' | 'emailAddress'>) {
  const name = `${member.firstName} ${member.lastName}`.trim();
  return name === '' ? member.emailAddress : name;
}
