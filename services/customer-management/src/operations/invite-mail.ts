import { INVITE_VALIDITY_DAYS, roleLabels, type Role } from '@boon/contracts';
import type { OutgoingMail } from '@boon/mail';

/** The invite mail: who invites whom to which customer, with the single-use link. */
export function inviteMail(options: {
  to: string;
  token: string;
  roles: readonly Role[];
  inviterName: string;
  customerName: string;
  productName: string;
  publicUrl: string;
}): OutgoingMail {
  const { to, token, roles, inviterName, customerName, productName, publicUrl } = options;
  // The console's /invite-link route (spec 2.2) reads the address as its sign-up hint.
  const link = `${publicUrl.replace(/\/+$/, '')}/invite-link?email=${encodeURIComponent(to)}&token=${token}`;
  const roleText = roles.map((role) => roleLabels[role]).join(', ');
  return {
    kind: 'invite',
    to,
    subject: `${inviterName} invited you to ${customerName} on ${productName}`,
    content: {
      heading: `Join ${customerName} on ${productName}`,
      paragraphs: [
        `${inviterName} invited you to join the ${customerName} team on ${productName} as ${roleText}.`,
        `Accept the invite to sign in or create your account with ${to}.`,
      ],
      action: { label: 'Accept invite', url: link },
      footnote: `This invite is valid for ${INVITE_VALIDITY_DAYS} days.`,
    },
  };
}
