import type { MailboxItem, MailboxMail } from '@boon/contracts';
import type { ApiClient } from '../../../api/api-client';

export const MAILBOX_QUERY_KEY = ['mailbox'] as const;

/** GET /api/mail/outbox: the newest mails, optionally to one address. */
export function fetchMailbox(
  api: ApiClient,
  to: string,
  signal?: AbortSignal,
): Promise<MailboxItem[]> {
  const address = to.trim();
  return api.request<MailboxItem[]>('mail', '/outbox', {
    query: { to: address === '' ? undefined : address, limit: 100 },
    signal,
    withCustomerId: false,
  });
}

/** GET /api/mail/outbox/{id}: one mail with its bodies. */
export function fetchMail(api: ApiClient, id: number, signal?: AbortSignal): Promise<MailboxMail> {
  return api.request<MailboxMail>('mail', `/outbox/${id}`, { signal, withCustomerId: false });
}
