import { customerManagementApi as cm } from '@boon/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '@boon/console-kit/shell';
import {
  apiError,
  customer,
  fakeAuth,
  mockApi,
  mockEndpoint,
  renderConsole,
  serveSession,
} from '@boon/console-kit/testing';

const acme = customer('C-ACME0001', 'Acme Rewards Ltd');

/** The API out of reach: every call fails before an answer, as with a refused connection. */
function apiOutOfReach() {
  mockApi(http.all('/api/*', () => HttpResponse.error()));
}

beforeEach(() => {
  localStorage.clear();
  useAppStore.getState().reset();
});

describe('the signed-in area when its session cannot load', () => {
  it('keeps the shell and says in words that the API is out of reach', async () => {
    apiOutOfReach();
    await renderConsole('/', fakeAuth());

    expect(
      await screen.findByRole('heading', { level: 1, name: "This page couldn't load" }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      "We can't reach Boon right now; nothing was changed. Check your connection and try again.",
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Log Out' })).toHaveAttribute(
      'href',
      '/logout',
    );
    expect(screen.getByRole('main')).toBeVisible();
    expect(document.body).not.toHaveTextContent(/Service Unavailable|Generic Error|Getting set up/);
  });

  it('names an outage without its status text', async () => {
    serveSession([acme]);
    mockApi(mockEndpoint(cm.getUserMe, () => apiError('service_unavailable')));
    await renderConsole('/', fakeAuth());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Boon isn't available right now. Try again in a few minutes.",
    );
    expect(document.body).not.toHaveTextContent('Service Unavailable');
  });

  it('tries again on request, and by itself when the browser is back online', async () => {
    const user = userEvent.setup();
    apiOutOfReach();
    await renderConsole('/', fakeAuth());
    await screen.findByRole('alert');

    // Still out of reach: the same page again, no worse.
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We can't reach Boon right now");

    serveSession([acme]);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  });
});
