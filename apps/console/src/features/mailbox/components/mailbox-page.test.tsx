import type { MailboxItem, MailboxMail } from '@boon/contracts';
import { axeViolations } from '@boon/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../state/app-store';
import { jsonResponse, renderWithApi } from '../../../test/render-with-api';
import { MailboxPage } from './mailbox-page';

const BASE = '/api/mail';

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

function serveMailbox(mails: MailboxMail[], options: { fail?: boolean } = {}) {
  const queries: URLSearchParams[] = [];
  const json = jsonResponse;
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://console.test');
    const path = url.pathname.slice(BASE.length);
    if (options.fail) {
      return json({ status: 503, code: 'unavailable', message: 'Service Unavailable' }, 503);
    }
    if (path === '/outbox') {
      queries.push(url.searchParams);
      const to = url.searchParams.get('to');
      const items: MailboxItem[] = mails
        .filter((mail) => !to || mail.to === to)
        .map(({ text: _t, html: _h, error: _e, ...item }) => item);
      return json(items);
    }
    const found = mails.find((mail) => `/outbox/${mail.id}` === path);
    return found
      ? json(found)
      : json({ status: 404, code: 'not_found', message: 'Not Found' }, 404);
  });
  const view = renderWithApi(<MailboxPage />, { baseUrls: { mail: BASE }, fetch });
  return { queries, view };
}

afterEach(() => {
  useAppStore.getState().reset();
  vi.restoreAllMocks();
});

describe('MailboxPage', () => {
  it('lists mails and opens one with its links clickable, by keyboard', async () => {
    const { view } = serveMailbox([verify, invite]);
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
    serveMailbox([invite]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Open "Olivia invited you/ }));
    expect(await screen.findByText('The body was removed after delivery.')).toBeVisible();
  });

  it('filters by recipient', async () => {
    const { queries } = serveMailbox([verify, invite]);
    await screen.findByRole('cell', { name: 'bob@acme.test' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Recipient' }), 'bob@acme.test');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('cell', { name: 'bob@acme.test' })).toBeVisible();
    expect(screen.queryByRole('cell', { name: 'new@hooli.test' })).toBeNull();
    expect(queries.at(-1)?.get('to')).toBe('bob@acme.test');
  });

  it('shows the empty state', async () => {
    serveMailbox([]);
    expect(await screen.findByText('No mail yet.')).toBeVisible();
  });

  it('shows an error when the outbox cannot be read', async () => {
    serveMailbox([], { fail: true });
    expect(
      await screen.findByText("We couldn't load the mailbox: Service Unavailable"),
    ).toBeVisible();
  });
});
