import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAnalyticsSink } from '../../../analytics/analytics';
import { fakeAuth, renderConsole } from '@boon/console-kit/testing';

describe('Page not found', () => {
  let restoreSink: () => void = () => {};
  afterEach(() => restoreSink());

  it('tells the user and links home', async () => {
    await renderConsole('/no/such/page', fakeAuth());

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByText(/We couldn't find the page you requested/).textContent).toBe(
      "We couldn't find the page you requested, go back to home?",
    );
    expect(screen.getByRole('link', { name: 'go back to home' })).toHaveAttribute('href', '/');
  });

  it('shows to signed-out visitors instead of sending them to login', async () => {
    const auth = fakeAuth({ isSignedIn: vi.fn(async () => false) });
    const { router } = await renderConsole('/no/such/page', auth);

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/no/such/page');
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('records the path it could not find', async () => {
    const sink = { track: vi.fn() };
    restoreSink = setAnalyticsSink(sink);

    await renderConsole('/no/such/page?x=1', fakeAuth());

    expect(sink.track).toHaveBeenCalledWith('Page not found', { path: '/no/such/page' });
  });

  it('has its own document title', async () => {
    await renderConsole('/missing', fakeAuth());

    expect(document.title).toBe('Page not found · Boon');
  });
});
