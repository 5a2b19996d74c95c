import { job } from '../deps.js';
import { deliverMail } from '../operations/deliver-mail.js';
import { MAIL_DELIVERY_QUEUE } from './mail-delivery-queue.js';

/** Sends each mail queued for SMTP; there is no such queue where the outbox is the delivery. */
export const deliverMailJob = job<{ id: number }>(
  MAIL_DELIVERY_QUEUE,
  async ({ id }, _attempt, { db, smtp }) => {
    if (!smtp) throw new Error('Mail is queued for SMTP, but no SMTP server is configured');
    await deliverMail(db, smtp, id);
  },
  // A bulk order's thousands of mails go out several at a time: SMTP waits on the network.
  { workers: 4, enabled: ({ smtp }) => smtp !== undefined },
);
