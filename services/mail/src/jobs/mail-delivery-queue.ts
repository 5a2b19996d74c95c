/**
 * The queue of mails waiting for SMTP. Its own module: putting a mail in the outbox names the
 * queue, and must not load the job (and the service's builders) to do it.
 */
export const MAIL_DELIVERY_QUEUE = 'mail.deliver';
