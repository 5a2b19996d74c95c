import { mailApi, type MailboxItem, type MailboxMail } from '@boon/contracts';
import { queryKeys, type ApiClient } from '@boon/console-kit';
import type { MailboxSearch } from '../mailbox-search';

/** Query keys of the mailbox: a list's key holds its filter, so each recipient's list is its own. */
export const mailboxQueryKeys = {
  /** Every list and mail of the mailbox. */
  all: () => queryKeys.staff('mailbox'),
  list: ({ to }: MailboxSearch) => queryKeys.staff('mailbox', { to }),
  mail: (id: number | null) => queryKeys.staff('mailbox', 'mail', id),
};

/** GET /api/mail/outbox: the newest mails, optionally to one address. */
export function fetchMailbox(
  api: ApiClient,
  { to }: MailboxSearch,
  signal?: AbortSignal,
): Promise<MailboxItem[]> {
  return api.call(mailApi.listOutboxMails, {
    query: { to, limit: 100 },
    signal,
    withCustomerId: false,
  });
}

/** GET /api/mail/outbox/{id}: one mail with its bodies. */
export function fetchMail(api: ApiClient, id: number, signal?: AbortSignal): Promise<MailboxMail> {
  return api.call(mailApi.getOutboxMail, { params: { id }, signal, withCustomerId: false });
}

/** POST /api/mail/outbox/{id}/undeliverable: the mail was not delivered, and why. */
export function markMailUndeliverable(
  api: ApiClient,
  id: number,
  reason: string,
): Promise<MailboxMail> {
  return api.call(mailApi.markOutboxMailUndeliverable, {
    params: { id },
    body: { reason },
    withCustomerId: false,
  });
}
