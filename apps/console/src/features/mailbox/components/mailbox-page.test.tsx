import { mailApi, type MailboxItem, type MailboxMail } from '@boon/contracts';
import { axeViolations } from '@boon/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@boon/console-kit/shell';
import { apiError, mockApi, mockEndpoint, renderWithApiAt } from '@boon/console-kit/testing';
import { MailboxPage } from './mailbox-page';

const verify: MailboxMail = {
  id: 2,
  kind: 'verify-email',
  to: 'new@hooli.test',
  subject: 'Verify your e-mail address',
  status: 'stored',
  createdAt: '2026-11-20T10:00:00Z',
  sentAt: null,
  text: 'Verify your e-mail address\n\nVerify: http://localhost:8080/idp/verify-email?token=abc\n',
  html: '<p>Verify</p>',
  error: null,
};
const invite: MailboxMail = {
  ...verify,
  id: 1,
  kind: 'invite',
  to: 'bob@acme.test',
  subject: 'Olivia invited you to Acme',
  text: null,
  status: 'sent',
};

async function serveMailbox(
  mails: MailboxMail[],
  options: { fail?: boolean; url?: string; refuseMark?: boolean } = {},
) {
  const queries: URLSearchParams[] = [];
  const marked: { id: number; reason: string }[] = [];
  mockApi(
    mockEndpoint(mailApi.markOutboxMailUndeliverable, ({ params, body }) => {
      if (options.refuseMark) return apiError('mail_not_sent_yet');
      const index = mails.findIndex((mail) => mail.id === params.id);
      const mail = mails[index];
      if (!mail) return apiError('not_found');
      marked.push({ id: params.id, reason: body.reason });
      const failed: MailboxMail = { ...mail, status: 'failed', error: body.reason };
      mails[index] = failed;
      return failed;
    }),
    mockEndpoint(mailApi.listOutboxMails, ({ url, query }) => {
      if (options.fail) return apiError('service_unavailable');
      queries.push(url.searchParams);
      return mails
        .filter((mail) => !query.to || mail.to === query.to)
        .map(({ text: _t, html: _h, error: _e, ...item }): MailboxItem => item);
    }),
    mockEndpoint(mailApi.getOutboxMail, ({ params }) => {
      if (options.fail) return apiError('service_unavailable');
      return mails.find((mail) => mail.id === params.id) ?? apiError('not_found');
    }),
  );
  const { router, ...view } = await renderWithApiAt(
    options.url ?? '/debug/mailbox',
    <MailboxPage />,
  );
  return { queries, marked, view, router };
}

afterEach(() => {
  useAppStore.getState().reset();
  vi.restoreAllMocks();
});

describe('MailboxPage', () => {
  it('lists mails and opens one with its links clickable, by keyboard', async () => {
    const { view } = await serveMailbox([verify, invite]);
    expect(screen.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'new@hooli.test' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'In outbox' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Sent' })).toBeVisible();
    expect(await axeViolations(view.container)).toEqual([]);

    const user = userEvent.setup();
    screen
      .getByRole('button', { name: 'Open "Verify your e-mail address" to new@hooli.test' })
      .focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Verify your e-mail address' });
    const link = await within(drawer).findByRole('link', {
      name: 'http://localhost:8080/idp/verify-email?token=abc',
    });
    expect(link).toHaveAttribute('href', 'http://localhost:8080/idp/verify-email?token=abc');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('says when a delivered mail no longer has its body', async () => {
    await serveMailbox([invite]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Open "Olivia invited you/ }));
    expect(await screen.findByText('The body was removed after delivery.')).toBeVisible();
  });

  it('marks a delivered mail undeliverable, with why, and shows it so in the drawer and the list', async () => {
    const { marked } = await serveMailbox([{ ...verify }, invite]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Open "Verify your e-mail/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Verify your e-mail address' });
    const reason = within(drawer).getByRole('textbox', { name: /Why it was not delivered/ });
    expect(reason).toHaveValue("The recipient's mail server refused the message.");
    expect(await axeViolations(document.body)).toEqual([]);

    await user.clear(reason);
    await user.click(within(drawer).getByRole('button', { name: 'Mark undeliverable' }));
    expect(reason).toHaveAccessibleDescription(/This field is required\./);
    expect(reason).toHaveFocus();
    expect(marked).toEqual([]);

    await user.type(reason, 'No such mailbox at hooli.test.');
    await user.click(within(drawer).getByRole('button', { name: 'Mark undeliverable' }));
    expect(await within(drawer).findByText('No such mailbox at hooli.test.')).toBeVisible();
    expect(marked).toEqual([{ id: 2, reason: 'No such mailbox at hooli.test.' }]);
    expect(within(drawer).getByText('Not delivered')).toBeVisible();
    expect(within(drawer).queryByRole('button', { name: 'Mark undeliverable' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('cell', { name: 'Not delivered' })).toBeVisible();
  });

  it('says a queued mail can be marked once it has been sent, and offers no form yet', async () => {
    await serveMailbox([{ ...verify, status: 'queued' }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Open "Verify your e-mail/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Verify your e-mail address' });
    expect(await within(drawer).findByText(/It is still waiting to be sent\./)).toBeVisible();
    expect(within(drawer).queryByRole('button', { name: 'Mark undeliverable' })).toBeNull();
  });

  it("says why a mail could not be marked, in the server's words", async () => {
    await serveMailbox([{ ...verify }], { refuseMark: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Open "Verify your e-mail/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Verify your e-mail address' });
    await user.click(await within(drawer).findByRole('button', { name: 'Mark undeliverable' }));
    expect(await within(drawer).findByText(/This mail is still waiting to be sent/)).toBeVisible();
  });

  it('filters by recipient', async () => {
    const { queries } = await serveMailbox([verify, invite]);
    await screen.findByRole('cell', { name: 'bob@acme.test' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Recipient' }), 'bob@acme.test');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('cell', { name: 'bob@acme.test' })).toBeVisible();
    expect(screen.queryByRole('cell', { name: 'new@hooli.test' })).toBeNull();
    expect(queries.at(-1)?.get('to')).toBe('bob@acme.test');
  });

  it('shows the empty state', async () => {
    await serveMailbox([]);
    expect(await screen.findByText('No mail yet.')).toBeVisible();
  });

  it('shows an error when the outbox cannot be read', async () => {
    await serveMailbox([], { fail: true });
    expect(
      await screen.findByText(
        "We couldn't load the mailbox: Boon isn't available right now. Try again in a few minutes.",
      ),
    ).toBeVisible();
  });
});

describe('MailboxPage: the recipient in the address', () => {
  it('shows the mail to the recipient the address names', async () => {
    const { queries } = await serveMailbox([verify, invite], {
      url: '/debug/mailbox?to=bob%40acme.test',
    });
    expect(await screen.findByRole('cell', { name: 'bob@acme.test' })).toBeVisible();
    expect(screen.queryByRole('cell', { name: 'new@hooli.test' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Recipient' })).toHaveValue('bob@acme.test');
    expect(queries.map((query) => query.get('to'))).toEqual(['bob@acme.test']);
  });

  it('lists all mail for a recipient parameter that is not valid', async () => {
    const { queries } = await serveMailbox([verify, invite], {
      url: `/debug/mailbox?to=${'x'.repeat(300)}`,
    });
    expect(await screen.findByRole('cell', { name: 'new@hooli.test' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Recipient' })).toHaveValue('');
    expect(queries[0]?.has('to')).toBe(false);
  });

  it('writes the recipient typed to the address, and follows back to all mail', async () => {
    const user = userEvent.setup();
    const { router } = await serveMailbox([verify, invite]);
    await screen.findByRole('cell', { name: 'new@hooli.test' });
    await user.type(screen.getByRole('textbox', { name: 'Recipient' }), 'new@hooli.test');
    await waitFor(() => expect(router.state.location.search).toEqual({ to: 'new@hooli.test' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'bob@acme.test' })).toBeNull());

    await act(() => router.navigate({ to: '/debug/mailbox' }));
    expect(await screen.findByRole('cell', { name: 'bob@acme.test' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Recipient' })).toHaveValue('');
  });
});
