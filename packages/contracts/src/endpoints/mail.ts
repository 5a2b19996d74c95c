import { defineEndpoint } from '../endpoint.js';

const schemas = () => import('./mail-schemas.js');

/** Staff read the outbox that stands in for SMTP outside production (/debug/mailbox). */
export const listOutboxMails = defineEndpoint({
  service: 'mail',
  method: 'GET',
  path: '/outbox',
  summary: 'The newest mails sent, optionally to one address or of one kind (staff)',
  access: 'staff',
  errors: [],
  schemas: () =>
    schemas().then((s) => ({ query: s.mailboxQuerySchema, response: s.mailboxListSchema })),
});

export const getOutboxMail = defineEndpoint({
  service: 'mail',
  method: 'GET',
  path: '/outbox/:id',
  summary: 'One mail with its bodies (staff)',
  access: 'staff',
  errors: ['not_found'],
  schemas: () =>
    schemas().then((s) => ({ params: s.mailboxMailParamsSchema, response: s.mailboxMailSchema })),
});

export const markOutboxMailUndeliverable = defineEndpoint({
  service: 'mail',
  method: 'POST',
  path: '/outbox/:id/undeliverable',
  summary:
    'Mark a mail as not delivered, with the reason its sender reads, as a bounce does over SMTP (staff)',
  access: 'staff',
  errors: ['not_found', 'mail_not_sent_yet', 'mail_already_undeliverable'],
  schemas: () =>
    schemas().then((s) => ({
      params: s.mailboxMailParamsSchema,
      body: s.markMailUndeliverableSchema,
      response: s.mailboxMailSchema,
    })),
});
