import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fakeAuth,
  freshConsoleForEachTest,
  meOf,
  renderConsole,
  vera,
} from '@boon/console-kit/testing';
import { network, product, serveCatalog } from '../testing';

freshConsoleForEachTest();

async function openProduct(code: string) {
  const view = await renderConsole(`/network/merchants/${code}`, fakeAuth());
  await screen.findByRole('link', { name: 'Back to merchants' });
  return view;
}

const facts = () => within(screen.getByRole('region', { name: 'Reward details' }));

describe('ProductDetailsPage (/network/merchants/{productCode})', () => {
  it('shows what a reward is worth, where and how long it can be spent, and its content', async () => {
    serveCatalog();
    await openProduct('AMAZON-US');
    await screen.findByRole('heading', { level: 1, name: 'Amazon.com' });
    expect(screen.getByText('Available')).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Reward details' });
    expect(region).toHaveTextContent('CurrencyUSD');
    expect(region).toHaveTextContent('Any amount from $5.00 to $500.00In steps of $0.01');
    expect(region).toHaveTextContent('3.5% discount');
    expect(region).toHaveTextContent('Where to redeemOnline only');
    expect(region).toHaveTextContent('Expires 120 months after it is issued');
    expect(region).toHaveTextContent('CategoriesElectronics, Books & music');
    expect(region).toHaveTextContent('CountriesUnited States');

    const about = screen.getByRole('region', { name: 'About' });
    expect(within(about).getByText('millions').tagName).toBe('STRONG');
    const redeem = screen.getByRole('region', { name: 'How to redeem' });
    expect(
      within(redeem)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sign in.', 'Enter the code at checkout.']);
    const terms = screen.getByRole('region', { name: 'Terms and conditions' });
    const link = within(terms).getByRole('link', { name: 'the terms' });
    expect(link).toHaveAttribute('href', 'https://example.com/terms');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    expect(document.title).toBe('Merchant details · Boon');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('lists a fixed set of values in order, formatted as money', async () => {
    serveCatalog();
    await openProduct('CAFE-NERO-GB');
    await screen.findByRole('heading', { level: 1, name: 'Caffè Nero' });
    const values = facts().getByRole('list', { name: 'Values' });
    expect(
      within(values)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['£5.00', '£10.00', '£25.00', '£50.00']);
    expect(facts().getByText('United Kingdom, Ireland')).toBeInTheDocument();
  });

  it('offers "Send this reward" to whoever may order, for a live or slow merchant', async () => {
    serveCatalog();
    const { router } = await openProduct('CAFE-NERO-GB');
    await screen.findByText(/taking longer than usual/);
    const send = screen.getByRole('link', { name: 'Send this reward' });
    expect(send).toHaveAttribute('href', '/order/create?productCode=CAFE-NERO-GB');
    await userEvent.click(send);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/create'));
    expect(router.state.location.search).toEqual({ productCode: 'CAFE-NERO-GB' });
  });

  it('offers no "Send this reward" for an unavailable merchant, and says why', async () => {
    serveCatalog();
    await openProduct('IKEA-EU');
    await screen.findByRole('heading', { level: 1, name: 'IKEA' });
    expect(screen.getByText(/cannot be sent at the moment/)).toBeInTheDocument();
    expect(screen.getByText('Never expires')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send this reward' })).toBeNull();
  });

  it('offers no "Send this reward" to a viewer', async () => {
    serveCatalog({ me: meOf(vera) });
    await openProduct('AMAZON-US');
    await screen.findByRole('heading', { level: 1, name: 'Amazon.com' });
    expect(screen.queryByRole('link', { name: 'Send this reward' })).toBeNull();
  });

  it('says when there is no such merchant, and leads back to the list', async () => {
    serveCatalog();
    const { router } = await openProduct('NOPE-XX');
    expect(
      await screen.findByText(
        'There is no such merchant in the network. Search the network for another one.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to merchants' }));
    await screen.findByRole('heading', { level: 1, name: 'Merchants' });
    expect(router.state.location.pathname).toBe('/network/merchants');
  });

  it('renders markdown without raw HTML, scripts, images or unsafe links', async () => {
    serveCatalog({
      products: [
        product({
          description: [
            'Hello <b>bold</b> world.',
            '',
            '<script>window.hacked = true</script>',
            '',
            '<img src="x" onerror="window.hacked = true">',
            '',
            '![tracker](https://evil.example/pixel.png)',
            '',
            '[run](javascript:window.hacked=true) and [site](https://shop.example/)',
          ].join('\n'),
        }),
      ],
    });
    await openProduct('AMAZON-US');
    const about = await screen.findByRole('region', { name: 'About' });
    expect(about).toHaveTextContent('Hello bold world.');
    expect(about.querySelector('script, img, b, iframe')).toBeNull();
    expect(about.innerHTML).not.toContain('hacked');
    expect(within(about).queryByRole('link', { name: 'run' })).toBeNull();
    expect(about).toHaveTextContent('run and site');
    expect(within(about).getByRole('link', { name: 'site' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    // The only image on the page is the merchant's own logo.
    expect(
      [...document.querySelectorAll('main img')].map((img) => img.getAttribute('src')),
    ).toEqual(['/api/catalog/logos/AMAZON-US.svg']);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it("leads the spec's address of a product's details to the same page", async () => {
    serveCatalog({ products: network });
    const { router } = await renderConsole('/network/product-details/STEAM-US', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Steam' });
    expect(router.state.location.pathname).toBe('/network/merchants/STEAM-US');
  });
});
