import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAuth, freshConsoleForEachTest, renderConsole } from '@boon/console-kit/testing';
import { serveCatalog } from '../testing';

freshConsoleForEachTest();

async function openMerchants(path = '/network/merchants') {
  const view = await renderConsole(path, fakeAuth());
  await screen.findByRole('heading', { level: 1, name: 'Merchants' });
  return view;
}

const cards = () => within(screen.getByRole('list', { name: 'Merchants' })).getAllByRole('article');

describe('MerchantsPage (/network/merchants)', () => {
  it('shows each merchant with its logo, name, state, values, countries and discount', async () => {
    serveCatalog();
    await openMerchants();
    const list = await screen.findByRole('list', { name: 'Merchants' });
    const names = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Amazon.com', 'Caffè Nero', 'IKEA', 'Steam']);

    const nero = within(list).getByRole('link', { name: 'Caffè Nero' }).closest('article');
    expect(nero).not.toBeNull();
    const card = within(nero as HTMLElement);
    expect(nero?.querySelector('img')).toHaveAttribute('alt', '');
    expect(nero?.querySelector('img')).toHaveAttribute(
      'src',
      '/api/catalog/logos/CAFE-NERO-GB.svg',
    );
    expect(card.getByText('Delayed delivery')).toBeInTheDocument();
    expect(nero).toHaveTextContent('£5.00, £10.00, £25.00 or £50.00 (GBP)');
    expect(nero).toHaveTextContent('United Kingdom, Ireland');
    expect(nero).toHaveTextContent('In store only');
    expect(nero).toHaveTextContent('6% discount');

    const amazon = within(list).getByRole('link', { name: 'Amazon.com' }).closest('article');
    expect(amazon).toHaveTextContent('$5.00 to $500.00 (USD)');
    expect(amazon).toHaveTextContent('Available');
    const ikea = within(list).getByRole('link', { name: 'IKEA' }).closest('article');
    expect(ikea).toHaveTextContent('Temporarily unavailable');
    expect(ikea).toHaveTextContent('Germany, France and 3 more');

    expect(screen.getByRole('status')).toHaveTextContent('Showing 4 merchants.');
    expect(document.title).toBe('Merchants · Boon');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('is reached from the sidebar: Network, then Merchants', async () => {
    serveCatalog();
    const { router } = await renderConsole('/', fakeAuth());
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(await within(nav).findByRole('button', { name: 'Network' }));
    await userEvent.click(within(nav).getByRole('link', { name: 'Merchants' }));
    await screen.findByRole('heading', { level: 1, name: 'Merchants' });
    expect(router.state.location.pathname).toBe('/network/merchants');
  });

  it('sends /network to the merchants', async () => {
    serveCatalog();
    const { router } = await openMerchants('/network');
    expect(router.state.location.pathname).toBe('/network/merchants');
  });

  it('searches by name once typing pauses, and keeps the search in the address', async () => {
    const { listQueries } = serveCatalog();
    const { router } = await openMerchants();
    await screen.findByRole('link', { name: 'Steam' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search by name' }), 'ste');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'ste' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Steam' })).toBeInTheDocument();
    // One question for the whole word, not one per letter.
    expect(listQueries.filter((query) => query.search !== undefined)).toEqual([
      expect.objectContaining({ search: 'ste', limit: 24 }),
    ]);
  });

  it('filters by country, currency, category and availability, each kept in the address', async () => {
    const { listQueries } = serveCatalog();
    const { router } = await openMerchants();
    await screen.findByRole('link', { name: 'Steam' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Canada');
    await waitFor(() => expect(router.state.location.search).toEqual({ country: 'CA' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(listQueries.at(-1)).toMatchObject({ country: 'CA' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country' }), '');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'USD');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Availability' }), 'LIVE');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ currency: 'USD', state: 'LIVE' }),
    );
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(listQueries.at(-1)).toMatchObject({ currency: 'USD', state: 'LIVE' });
  });

  it('opens with the filters an address names, and drops the ones it cannot use', async () => {
    const { listQueries } = serveCatalog();
    await openMerchants('/network/merchants?category=food_and_drink&currency=GBP&state=SOLD_OUT');
    await screen.findByRole('link', { name: 'Caffè Nero' });
    expect(cards()).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Food & drink');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveDisplayValue(
      /^GBP · British pound$/i,
    );
    expect(screen.getByRole('combobox', { name: 'Availability' })).toHaveDisplayValue(
      'Any availability',
    );
    expect(listQueries.at(-1)).toEqual({ category: 'food_and_drink', currency: 'GBP', limit: 24 });
  });

  it('says "No record found." for an empty network', async () => {
    serveCatalog({ products: [] });
    await openMerchants();
    expect(await screen.findByText('No record found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).toBeNull();
  });

  it('says how to widen a search that finds nothing, and clears it', async () => {
    serveCatalog();
    const { router } = await openMerchants('/network/merchants?search=zzz&country=GB');
    expect(await screen.findByText('No record found.')).toBeInTheDocument();
    expect(
      screen.getByText(/No merchant named like “zzz”, in United Kingdom\. Try another spelling/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(screen.getByRole('textbox', { name: 'Search by name' })).toHaveValue('');
  });

  it('says it is loading until the network answers', async () => {
    let answer = () => {};
    serveCatalog({ listGate: new Promise<void>((resolve) => (answer = resolve)) });
    await openMerchants();
    expect(screen.getByRole('status')).toHaveTextContent('Loading merchants…');
    answer();
    await screen.findByRole('link', { name: 'Steam' });
  });

  it('says when the merchants could not be loaded, and tries again', async () => {
    let down = true;
    serveCatalog({ listFails: () => down });
    await openMerchants();
    const alert = (await screen.findByText(/We couldn't load the merchants:/)).closest(
      '[role="alert"]',
    ) as HTMLElement;
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Steam' });
  });

  it('loads more merchants with the cursor, and moves focus to the first new one', async () => {
    const { listQueries } = serveCatalog({ pageSize: 2 });
    await openMerchants();
    await screen.findByRole('link', { name: 'Caffè Nero' });
    expect(cards()).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 merchants, more to load.');
    await userEvent.click(screen.getByRole('button', { name: 'Load 24 more' }));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(listQueries.at(-1)).toMatchObject({ cursor: '2' });
    expect(screen.getByRole('link', { name: 'IKEA' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Load 24 more' })).toBeNull();
  });

  it('works from the keyboard: type a search, then open a merchant with Enter', async () => {
    serveCatalog();
    const { router } = await openMerchants();
    await screen.findByRole('link', { name: 'Steam' });
    const searchBox = screen.getByRole('textbox', { name: 'Search by name' });
    searchBox.focus();
    await userEvent.keyboard('amazon{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'amazon' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    // Search, then the four filters, then the clear button, then the merchant.
    for (let i = 0; i < 6; i += 1) await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Amazon.com' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Amazon.com' });
    expect(router.state.location.pathname).toBe('/network/merchants/AMAZON-US');
  });
});
