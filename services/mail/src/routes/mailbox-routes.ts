import { mailApi } from '@boon/contracts';
import { route } from '../deps.js';
import { listOutboxMails } from '../operations/list-outbox-mails.js';
import { markMailUndeliverable } from '../operations/mark-mail-undeliverable.js';
import { readOutboxMail } from '../operations/read-outbox-mail.js';

/** The outbox, for staff (/debug/mailbox): what the product sent, to whom, and each mail. */
export const mailboxRoutes = [
  route(mailApi.listOutboxMails, ({ query, auth }, { db }) =>
    listOutboxMails(db, auth.user?.id ?? null, query),
  ),

  route(mailApi.getOutboxMail, ({ params, auth }, { db, exposeBodies }) =>
    readOutboxMail(db, auth.user?.id ?? null, params.id, exposeBodies),
  ),

  route(mailApi.markOutboxMailUndeliverable, ({ params, body, auth, transaction }, deps) =>
    transaction((tx) =>
      markMailUndeliverable(
        tx,
        auth.user?.id ?? null,
        { id: params.id, reason: body.reason },
        deps.exposeBodies,
      ),
    ),
  ),
];
