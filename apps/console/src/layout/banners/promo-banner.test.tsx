import { axeViolations } from '@boon/ui/testing';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMO_DISMISSED_KEY, PromoBanner } from './promo-banner';
import { promoContent } from './promo-content';

describe('PromoBanner', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['northAmerica', 'United States'],
    ['uk', 'United Kingdom'],
    ['europe', 'Germany'],
    ['default', 'United States'],
  ] as const)('shows the %s content', async (region, country) => {
    render(<PromoBanner region={region} orderHref="/orders/new" />);

    const content = promoContent[region];
    const banner = screen.getByRole('region', { name: content.heading });
    expect(banner).toHaveTextContent(content.subheading);
    expect(banner).toHaveTextContent(`For recipients in ${country}`);
    expect(screen.getByRole('link', { name: content.orderButtonLabel })).toHaveAttribute(
      'href',
      '/orders/new',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('has no order button without an orderHref', () => {
    render(<PromoBanner region="uk" />);

    expect(screen.getByRole('heading', { name: promoContent.uk.heading })).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('builds the order address from the product code and country', () => {
    const orderHref = vi.fn(
      (promo: { productCode: string; country: string }) =>
        `/orders/new?product=${promo.productCode}&country=${promo.country}`,
    );
    render(<PromoBanner region="europe" orderHref={orderHref} />);

    expect(screen.getByRole('link', { name: 'Order Amazon.de gift cards' })).toHaveAttribute(
      'href',
      '/orders/new?product=AMAZON-DE-DE&country=DE',
    );
    expect(orderHref).toHaveBeenCalledWith(promoContent.europe);
  });

  it("picks the browser's region when none is given", () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'Europe/London',
    });

    render(<PromoBanner />);

    expect(screen.getByRole('heading', { name: promoContent.uk.heading })).toBeVisible();
  });

  it('is dismissed with its button, for the rest of the session', async () => {
    const onDismiss = vi.fn();
    const { container, unmount } = render(<PromoBanner region="uk" onDismiss={onDismiss} />);

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss promotion' }));

    expect(container).toBeEmptyDOMElement();
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(PROMO_DISMISSED_KEY)).toBe('true');

    unmount();
    const again = render(<PromoBanner region="uk" />);
    expect(again.container).toBeEmptyDOMElement();
  });

  it('can be dismissed from the keyboard', async () => {
    const { container } = render(<PromoBanner region="northAmerica" />);

    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Dismiss promotion' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    expect(container).toBeEmptyDOMElement();
  });

  it('shows again in a new session', () => {
    sessionStorage.setItem(PROMO_DISMISSED_KEY, 'true');
    const { container } = render(<PromoBanner region="uk" />);
    expect(container).toBeEmptyDOMElement();

    sessionStorage.clear();
    render(<PromoBanner region="uk" />);
    expect(screen.getByRole('heading', { name: promoContent.uk.heading })).toBeVisible();
  });

  it('opens a console address through the router, without reloading the page', async () => {
    // A router of its own: the console's route names are required, its ordering screens not built yet.
    const rootRoute = createRootRoute({ component: Outlet, staticData: { name: 'root' } });
    const homeRoute = createRoute({
      getParentRoute: () => rootRoute,
      path: '/',
      staticData: { name: 'home' },
      component: () => <PromoBanner region="uk" orderHref="/orders/new?product=AMAZON-CO-UK-GB" />,
    });
    const orderRoute = createRoute({
      getParentRoute: () => rootRoute,
      path: '/orders/new',
      staticData: { name: 'not-found' },
      component: () => <h1>New order</h1>,
    });
    const router = createRouter({
      routeTree: rootRoute.addChildren([homeRoute, orderRoute]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    await act(() => router.load());
    render(<RouterProvider router={router} />);

    await userEvent.click(
      await screen.findByRole('link', { name: 'Order Amazon.co.uk gift cards' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/new'));
    expect(router.state.location.search).toEqual({ product: 'AMAZON-CO-UK-GB' });
    expect(await screen.findByRole('heading', { name: 'New order' })).toBeVisible();
  });
});
