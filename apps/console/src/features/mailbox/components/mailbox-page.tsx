import type { MailboxItem } from '@boon/contracts';
import {
  Button,
  DataTable,
  Drawer,
  SearchField,
  type DataTableColumn,
  type RowAction,
} from '@boon/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useState, type FormEvent } from 'react';
import {
  useApiClient,
  errorMessage,
  useDateFormat,
  useListSearch,
  useSearchBoxText,
} from '@boon/console-kit';
import { fetchMail, fetchMailbox, mailboxQueryKeys } from '../api/mailbox-api';
import { parseMailboxSearch, RECIPIENT_MAX } from '../mailbox-search';
import { MailText } from './mail-text';
import { MarkUndeliverableForm } from './mark-undeliverable-form';

type Row = MailboxItem;
const MailboxTable = memo(DataTable) as typeof DataTable;
const NO_ROWS: Row[] = [];
const rowKey = (row: Row) => String(row.id);

const statusLabels: Record<MailboxItem['status'], string> = {
  stored: 'In outbox',
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Not delivered',
};

/**
 * The mailbox (staff, /debug/mailbox): every mail the product sent, newest first, to one address
 * or all. Without SMTP the outbox is where mail goes, so this is how sign-up, invite and reset
 * links are read on a development or demo install.
 */
export function MailboxPage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { formatDateTime } = useDateFormat();
  // The recipient filter is in the address (?to=), so a reload or a shared link shows the same mail.
  const [search, writeSearch] = useListSearch(parseMailboxSearch);
  const { to } = search;
  const recipient = useSearchBoxText(to ?? '', (text) =>
    writeSearch({ ...search, to: text === '' ? undefined : text }, { replace: true }),
  );
  const [openId, setOpenId] = useState<number | null>(null);

  const list = useQuery({
    queryKey: mailboxQueryKeys.list({ to }),
    queryFn: ({ signal }) => fetchMailbox(api, { to }, signal),
    placeholderData: keepPreviousData,
  });
  const mail = useQuery({
    queryKey: mailboxQueryKeys.mail(openId),
    queryFn: ({ signal }) => fetchMail(api, openId ?? 0, signal),
    enabled: openId !== null,
  });

  const open = useCallback((id: number) => setOpenId(id), []);
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { key: 'createdAt', header: 'Sent', cell: (row) => formatDateTime(row.createdAt) },
      { key: 'to', header: 'To' },
      // The subject is what a mail is known by: a narrow screen's card title.
      { key: 'subject', header: 'Subject', primary: true },
      { key: 'kind', header: 'Kind' },
      { key: 'status', header: 'Status', cell: (row) => statusLabels[row.status] },
    ],
    [formatDateTime],
  );
  const rowActions = useCallback(
    (row: Row): RowAction[] => [
      {
        label: 'Open',
        accessibleLabel: `Open "${row.subject}" to ${row.to}`,
        onSelect: () => open(row.id),
      },
    ],
    [open],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    recipient.commitNow();
  };

  return (
    <div className="flex w-full flex-col gap-6">
      <h1 className="text-2xl font-semibold text-ink">Mailbox</h1>
      <p className="text-sm text-ink-muted">
        Mail the product sent. Without an SMTP server configured, this outbox is where it goes.
      </p>
      <form role="search" className="flex items-end gap-2" onSubmit={submit}>
        <SearchField
          label="Recipient"
          value={recipient.text}
          onChange={recipient.setText}
          maxLength={RECIPIENT_MAX}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
        <Button type="button" variant="secondary" onClick={() => void list.refetch()}>
          Refresh
        </Button>
      </form>
      <MailboxTable<Row>
        caption="Mails"
        hideCaption
        columns={columns}
        rows={list.data ?? NO_ROWS}
        rowKey={rowKey}
        rowActions={rowActions}
        actionsHeader="Mail"
        manualSort
        loading={list.isPending}
        emptyText="No mail yet."
        error={
          list.isError ? `We couldn't load the mailbox: ${errorMessage(list.error)}` : undefined
        }
      />
      <Drawer
        title={mail.data?.subject ?? 'Mail'}
        open={openId !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setOpenId(null);
        }}
        direction="right"
        size="min(40rem, 100%)"
      >
        {mail.isPending ? (
          <p role="status" className="text-sm text-ink-muted">
            Loading the mail…
          </p>
        ) : mail.isError ? (
          <p role="alert" className="text-sm text-danger">
            We couldn't load this mail: {errorMessage(mail.error)}
          </p>
        ) : (
          <div className="flex flex-col gap-3 text-sm text-ink">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-ink-muted">To</dt>
              <dd>{mail.data.to}</dd>
              <dt className="text-ink-muted">Sent</dt>
              <dd>{formatDateTime(mail.data.createdAt)}</dd>
              <dt className="text-ink-muted">Status</dt>
              <dd>{statusLabels[mail.data.status]}</dd>
              {mail.data.status === 'failed' && mail.data.error ? (
                <>
                  <dt className="text-ink-muted">Reason</dt>
                  <dd>{mail.data.error}</dd>
                </>
              ) : null}
            </dl>
            {mail.data.text === null ? (
              <p>The body was removed after delivery.</p>
            ) : (
              <MailText text={mail.data.text} />
            )}
            {mail.data.status === 'queued' ? (
              <p className="text-ink-muted">
                It is still waiting to be sent. Once it has been, it can be marked not delivered:
                refresh the list, then open it again.
              </p>
            ) : null}
            {mail.data.status === 'stored' || mail.data.status === 'sent' ? (
              <MarkUndeliverableForm
                mail={mail.data}
                onMarked={(marked) => {
                  queryClient.setQueryData(mailboxQueryKeys.mail(marked.id), marked);
                  // The lists show its status too (the mail's own answer is already in place).
                  void queryClient.invalidateQueries({
                    queryKey: mailboxQueryKeys.all(),
                    predicate: (query) => query.queryKey[2] !== 'mail',
                  });
                }}
              />
            ) : null}
          </div>
        )}
      </Drawer>
    </div>
  );
}
