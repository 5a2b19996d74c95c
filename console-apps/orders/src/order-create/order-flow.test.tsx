import { currentDateFormat } from '@boon/console-kit';
import { instantOfWallTime, wallTimeOf } from '@boon/domain';
import { axeViolations } from '@boon/ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, freshConsoleForEachTest, renderConsole } from '@boon/console-kit/testing';
import { serveOrders } from '../testing';

freshConsoleForEachTest();

async function openAt(path: string, heading: string) {
  const view = await renderConsole(path, fakeAuth());
  await screen.findByRole('heading', { level: 1, name: heading });
  return view;
}

async function chooseMerchants(user: ReturnType<typeof userEvent.setup>, ...names: string[]) {
  await user.click(screen.getByRole('link', { name: /Choose a merchant|Change merchants/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Choose merchants' });
  for (const name of names) {
    await user.click(await within(dialog).findByRole('checkbox', { name }));
  }
  await user.click(within(dialog).getByRole('button', { name: /Use this merchant|Offer these/ }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('order type selection (/order/type)', () => {
  it('offers sending by e-mail or by link, without the sidebar', async () => {
    serveOrders();
    await openAt('/order/type', 'Create a new reward');
    expect(screen.getByRole('link', { name: /Send by e-mail/ })).toHaveAttribute(
      'href',
      '/order/create?deliveryType=email',
    );
    expect(screen.getByRole('link', { name: /Send by link/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Order history' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log Out' })).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('/order goes to /order/create', async () => {
    serveOrders();
    const { router } = await openAt('/order', 'Reward details');
    expect(router.state.location.pathname).toBe('/order/create');
  });
});

describe('ordering links (/order/create → quantity → payment → complete)', () => {
  it('orders links with the defaults of spec 9, then shows them to copy and download', async () => {
    const user = userEvent.setup();
    const { created, estimates, polls } = serveOrders();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:links');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { router } = await openAt('/order/type', 'Create a new reward');
    await user.click(screen.getByRole('link', { name: /Send by link/ }));
    await screen.findByRole('heading', { level: 1, name: 'Reward details' });

    expect(screen.getByRole('radio', { name: 'Send by link' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('US');
    expect(screen.getByRole('combobox', { name: /Currency/ })).toHaveValue('USD');
    expect(screen.getByRole('textbox', { name: /Value of each reward/ })).toHaveValue('10');
    expect(screen.getByText('Happy Birthday!')).toBeVisible();
    expect(await axeViolations(document.body)).toEqual([]);

    // No merchant yet: the rule shows at the merchant choice, which takes the focus.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This field is required.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose a merchant' })).toHaveFocus();

    await chooseMerchants(user, 'Coffee House');
    expect(screen.getByText('Coffee House offers $10.00, $25.00 or $50.00.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'How many links' });

    const quantity = screen.getByRole('textbox', { name: /Number of links/ });
    expect(quantity).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Enter how many links to create: at least 1.')).toBeVisible();
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    const price = await screen.findByRole('region', { name: 'Price' });
    expect(price).toHaveTextContent('$20.00');
    expect(price).toHaveTextContent('−$0.60');
    expect(price).toHaveTextContent('$19.40');
    expect(screen.getByRole('region', { name: /Paid from your USD balance/ })).toHaveTextContent(
      '$980.60',
    );
    expect(estimates.at(-1)).toEqual({
      deliveryType: 'link',
      productCode: 'COFFEE-US',
      currency: 'USD',
      faceValue: '10',
      quantity: 2,
      message: {
        header: 'Happy Birthday!',
        body: expect.stringContaining('birthday') as unknown as string,
        colour: '#000000',
      },
    });
    expect(await axeViolations(document.body)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pay $19.40 and send' }));
    await screen.findByRole('heading', { level: 1, name: 'Creating your links' });
    expect(router.state.location.pathname).toBe('/order/complete/OR-NEW00001');
    expect(created).toHaveLength(1);
    expect(created[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    await screen.findByRole('heading', { level: 1, name: 'Order complete' }, { timeout: 4000 });
    expect(polls.filter((id) => id === 'OR-NEW00001').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('progressbar', { name: 'Links created' })).toHaveAttribute(
      'value',
      '2',
    );
    expect(screen.getByText('2 of 2 links created.')).toBeVisible();
    const links = screen.getByRole('table', { name: 'Links' });
    expect(within(links).getByText(/WG-SL-test1/)).toBeVisible();
    await user.click(within(links).getByRole('button', { name: 'Copy link 1' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('WG-SL-test1'));

    await user.click(screen.getByRole('button', { name: 'Download links as CSV' }));
    const blob = createObjectURL.mock.calls[0]?.[0];
    const csv = await blob?.text();
    expect(csv).toContain('Order,Link,Redemption URL,Status,Expires');
    expect(csv).toContain('OR-NEW00001,1,http://localhost:3000/redeem/WG-SL-test1');
    expect(await axeViolations(document.body)).toEqual([]);

    // Another reward starts afresh.
    await user.click(screen.getByRole('link', { name: 'Create another reward' }));
    await user.click(await screen.findByRole('link', { name: /Send by link/ }));
    await screen.findByRole('heading', { level: 1, name: 'Reward details' });
    expect(screen.getByRole('link', { name: 'Choose a merchant' })).toBeVisible();
  }, 30_000);

  it('edits the message in its overlay, with the colour rule shown at the field', async () => {
    const user = userEvent.setup();
    serveOrders();
    await openAt('/order/create', 'Reward details');
    await user.click(screen.getByRole('link', { name: 'Edit message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message' });
    expect(within(dialog).getByRole('textbox', { name: /Header/ })).toHaveValue('Happy Birthday!');
    const colour = within(dialog).getByRole('textbox', { name: /Colour/ });
    expect(colour).toHaveValue('#000000');
    await user.clear(colour);
    await user.type(colour, 'red');
    await user.click(within(dialog).getByRole('button', { name: 'Save message' }));
    expect(colour).toHaveAccessibleDescription(
      expect.stringContaining(
        'Enter a colour as # and 3 or 6 hex digits, such as #000000',
      ) as unknown as string,
    );
    expect(colour).toHaveFocus();
    await user.clear(colour);
    await user.type(colour, '#c00');
    await user.click(within(dialog).getByRole('button', { name: 'Save message' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Reward details' })).toBeVisible();
  });

  it('is usable on a phone (390 px)', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 342,
      height: 40,
      x: 24,
      y: 0,
      top: 0,
      left: 24,
      right: 366,
      bottom: 40,
      toJSON: () => ({}),
    });
    const user = userEvent.setup();
    serveOrders();
    await openAt('/order/create', 'Reward details');
    await chooseMerchants(user, 'Book Barn');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('preselects the merchant a Network link names (?productCode=)', async () => {
    serveOrders();
    await openAt('/order/create?productCode=TEA-GB', 'Reward details');
    expect(await screen.findByRole('list', { name: 'Chosen merchants' })).toHaveTextContent(
      'Tea Room',
    );
    expect(screen.getByRole('combobox', { name: /Currency/ })).toHaveValue('GBP');
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('GB');
  });
});

async function fillEmailOrder(user: ReturnType<typeof userEvent.setup>) {
  await openAt('/order/create?deliveryType=email', 'Reward details');
  await chooseMerchants(user, 'Coffee House', 'Book Barn');
  expect(screen.getByText('Each recipient chooses one of these 2 merchants.')).toBeVisible();
  await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Survey thanks');
  expect(screen.getByText('13/128')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Who gets the reward' });
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
  expect(await screen.findByText('This field is required.')).toHaveAttribute('role', 'alert');
  await user.click(screen.getByRole('link', { name: 'Paste a list of recipients' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add recipients' });
  await user.type(
    within(dialog).getByRole('textbox', { name: 'Recipients' }),
    'Ada Lovelace, ada@example.com{enter}Alan Turing, alan@example',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Add recipients' }));
  expect(within(dialog).getByRole('textbox', { name: 'Recipients' })).toHaveAccessibleDescription(
    /These lines need a name and a valid e-mail address: Alan Turing, alan@example\./,
  );
  await user.type(within(dialog).getByRole('textbox', { name: 'Recipients' }), '.com');
  await user.click(within(dialog).getByRole('button', { name: 'Add recipients' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByRole('textbox', { name: 'Recipient 2: e-mail' })).toHaveValue(
    'alan@example.com',
  );
  await user.click(screen.getByRole('button', { name: 'Add a recipient' }));
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
  expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
  await user.click(screen.getByRole('button', { name: 'Remove recipient 3' }));
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
  await screen.findByRole('heading', { level: 1, name: 'Payment' });
}

describe('ordering by e-mail', () => {
  it('sends a choice of merchants to pasted recipients, and shows their e-mail status', async () => {
    const user = userEvent.setup();
    const { created } = serveOrders();
    await fillEmailOrder(user);
    await user.click(await screen.findByRole('button', { name: /Pay \$19.40 and send/ }));
    expect(created[0]?.body).toMatchObject({
      deliveryType: 'email',
      productCodes: ['COFFEE-US', 'BOOKS-US'],
      description: 'Survey thanks',
      recipients: [
        { name: 'Ada Lovelace', email: 'ada@example.com' },
        { name: 'Alan Turing', email: 'alan@example.com' },
      ],
    });
    expect(created[0]?.body).not.toHaveProperty('quantity');
    await screen.findByRole('heading', { level: 1, name: 'Order complete' }, { timeout: 4000 });
    const recipients = screen.getByRole('table', { name: 'Recipients' });
    expect(within(recipients).getAllByText('E-mail sent')).toHaveLength(2);
  }, 30_000);

  it('keeps asking after the order completes until its mails have left the outbox', async () => {
    const user = userEvent.setup();
    // Issued on the 2nd answer, the order COMPLETED; the mails leave two answers later.
    const { polls } = serveOrders({ mailLag: 2 });
    await fillEmailOrder(user);
    await user.click(await screen.findByRole('button', { name: /Pay \$19.40 and send/ }));
    await screen.findByRole('heading', { level: 1, name: 'Order complete' }, { timeout: 4000 });
    const recipients = screen.getByRole('table', { name: 'Recipients' });
    expect(within(recipients).getAllByText('E-mail queued')).toHaveLength(2);
    await waitFor(() => expect(within(recipients).getAllByText('E-mail sent')).toHaveLength(2), {
      timeout: 6000,
    });
    const asked = polls.length;
    // Nothing is pending any more: the page stops asking.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(polls.length).toBe(asked);
  }, 30_000);

  it("puts the server's objection to a field back on its field (body.faceValue)", async () => {
    const user = userEvent.setup();
    serveOrders({ createOutcome: 'face-value-refused' });
    await fillEmailOrder(user);
    await user.click(await screen.findByRole('button', { name: /Pay .* and send/ }));
    await screen.findByRole('heading', { level: 1, name: 'Reward details' });
    const value = screen.getByRole('textbox', { name: /Value of each reward/ });
    expect(value).toHaveAccessibleDescription(
      expect.stringContaining('Coffee House offers 10, 25 or 50 USD.') as unknown as string,
    );
    expect(value).toHaveFocus();
  }, 30_000);

  it("puts the server's objection to one recipient on that recipient's field (body.recipients.1.email)", async () => {
    const user = userEvent.setup();
    serveOrders({ createOutcome: 'recipient-refused' });
    await fillEmailOrder(user);
    await user.click(await screen.findByRole('button', { name: /Pay .* and send/ }));
    await screen.findByRole('heading', { level: 1, name: 'Who gets the reward' });
    const email = screen.getByRole('textbox', { name: 'Recipient 2: e-mail' });
    expect(email).toHaveAccessibleDescription(
      expect.stringContaining('This address does not take mail.') as unknown as string,
    );
    expect(email).toHaveFocus();
    expect(
      screen.getByRole('textbox', { name: 'Recipient 1: e-mail' }),
    ).not.toHaveAccessibleDescription(
      expect.stringContaining('This address does not take mail.') as unknown as string,
    );
  }, 30_000);

  it('pays again under the same Idempotency-Key after an unanswered attempt', async () => {
    const user = userEvent.setup();
    const { created } = serveOrders({ createOutcome: 'unanswered-once' });
    await fillEmailOrder(user);
    await user.click(await screen.findByRole('button', { name: /Pay .* and send/ }));
    const alert = await screen.findByText(
      /It may have gone through\. Pay again to finish this same order/,
    );
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).not.toHaveTextContent(/Service Unavailable/);
    await user.click(screen.getByRole('button', { name: /Pay .* and send/ }));
    await screen.findByRole('heading', { level: 1, name: /Sending your rewards|Order complete/ });
    expect(created).toHaveLength(2);
    expect(created[1]?.idempotencyKey).toBe(created[0]?.idempotencyKey);
  }, 30_000);

  it('explains insufficient funds with a way to add funds, and does not pay', async () => {
    const user = userEvent.setup();
    const { created } = serveOrders({ usdAvailable: 15 });
    await fillEmailOrder(user);
    expect(
      await screen.findByText(
        /Your USD balance has \$15\.00 available, and this order costs \$19\.40\./,
      ),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'Add funds' })).toHaveAttribute(
      'href',
      '/billing/add-funds',
    );
    expect(screen.getByRole('button', { name: 'Pay and send' })).toBeDisabled();
    expect(created).toHaveLength(0);
  }, 30_000);
});

describe('paying from a balance in another currency (Boon FX)', () => {
  it('pays from the order currency unless the person picks another balance, then shows the exchange', async () => {
    const user = userEvent.setup();
    const { created, estimates } = serveOrders({ fx: true });
    await fillEmailOrder(user);
    const payFrom = await screen.findByRole('combobox', { name: 'Pay from' });
    expect(payFrom).toHaveValue('USD');
    expect(payFrom).toHaveAccessibleDescription(/A balance in another currency pays with Boon FX/);
    expect(
      within(payFrom)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['USD balance ($1,000.00 available)', 'GBP balance (£500.00 available)']);
    await screen.findByRole('button', { name: 'Pay $19.40 and send' });
    expect(estimates.at(-1)).not.toHaveProperty('payFrom');

    await user.selectOptions(payFrom, 'GBP');
    // 9.70 USD each at 1 GBP = 1.259493671 USD: 7.71 GBP exchanged, 0.02 fee, twice.
    const balance = await screen.findByRole('heading', { name: 'Paid from your GBP balance' });
    const section = balance.closest('section')!;
    expect(within(section).getByText('1 GBP = 1.259493671 USD')).toBeVisible();
    expect(within(section).getByText('Exchanged for $19.40 USD').nextSibling).toHaveTextContent(
      '£15.42 GBP',
    );
    expect(within(section).getByText('Boon FX fee').nextSibling).toHaveTextContent('£0.04 GBP');
    expect(within(section).getByText('Taken from the balance').nextSibling).toHaveTextContent(
      '£15.46 GBP',
    );
    expect(screen.getByRole('heading', { name: 'Price in USD' })).toBeVisible();
    expect(within(section).getByText('After this order').nextSibling).toHaveTextContent('£484.54');
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Pay £15.46 GBP and send' }));
    await screen.findByRole('heading', { level: 1, name: /Sending your rewards|Order complete/ });
    expect(created[0]?.body).toMatchObject({ currency: 'USD', payFrom: 'GBP' });
  }, 30_000);

  it('offers only the order currency where FX is off', async () => {
    const user = userEvent.setup();
    serveOrders();
    await fillEmailOrder(user);
    await screen.findByRole('button', { name: 'Pay $19.40 and send' });
    expect(screen.queryByRole('combobox', { name: 'Pay from' })).toBeNull();
  }, 30_000);
});

describe('scheduled delivery', () => {
  /** From the links step to the payment step, with `count` links. */
  async function linksToPayment(user: ReturnType<typeof userEvent.setup>, count: string) {
    await screen.findByRole('heading', { level: 1, name: 'How many links' });
    const quantity = screen.getByRole('textbox', { name: /Number of links/ });
    await user.clear(quantity);
    await user.type(quantity, count);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
  }

  it('keeps the payment step while the time passes, and says at the field when it has passed', async () => {
    const user = userEvent.setup();
    serveOrders();
    await openAt('/order/create?deliveryType=link', 'Reward details');
    await chooseMerchants(user, 'Coffee House');
    await user.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    const { timeZone } = currentDateFormat();
    const soon = wallTimeOf(new Date(Date.now() + 5 * 60_000), timeZone);
    fireEvent.change(screen.getByLabelText(/Delivery date and time/), {
      target: { value: soon },
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await linksToPayment(user, '1');

    // Ten minutes later the time chosen is past: the price stays on screen meanwhile.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    await screen.findByRole('button', { name: /Pay \$9\.70 and schedule/ });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();

    // Coming back to it checks the order again, and the time's field says what is wrong.
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { level: 1, name: 'Reward details' });
    expect(await screen.findByLabelText(/Delivery date and time/)).toHaveAccessibleDescription(
      /Choose a delivery time that is not in the past\./,
    );
    vi.useRealTimers();
  }, 30_000);

  it('schedules links for a time in the Settings timezone: the rule at the field, the time at payment, the order waiting', async () => {
    const user = userEvent.setup();
    const { created } = serveOrders();
    await openAt('/order/create?deliveryType=link', 'Reward details');
    await chooseMerchants(user, 'Coffee House');
    expect(screen.getByRole('radio', { name: 'Send now' })).toBeChecked();
    expect(screen.queryByLabelText(/Delivery date and time/)).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    const when = screen.getByLabelText(/Delivery date and time/);
    expect(when).toHaveAttribute('type', 'datetime-local');
    expect(when).toHaveAccessibleDescription(/Up to 90 days ahead, in UTC, as set in Settings\./);
    expect(await axeViolations(document.body)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The resolver validates asynchronously: the message comes after the click, not with it.
    await waitFor(() => expect(when).toHaveAccessibleDescription(/This field is required\./));
    fireEvent.change(when, { target: { value: '2020-01-01T09:00' } });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(when).toHaveAccessibleDescription(/Choose a delivery time that is not in the past\./),
    );
    expect(when).toHaveFocus();

    const { timeZone } = currentDateFormat();
    const wall = `${wallTimeOf(new Date(Date.now() + 86_400_000), timeZone).slice(0, 11)}09:00`;
    fireEvent.change(when, { target: { value: wall } });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await linksToPayment(user, '2');
    expect(
      screen.getByText(
        /held from your balance when you place the order\. The links are created on/,
      ),
    ).toBeVisible();

    await user.click(await screen.findByRole('button', { name: 'Pay $19.40 and schedule' }));
    await screen.findByRole('heading', { level: 1, name: 'Order scheduled' });
    expect(created[0]?.body.deliverAt).toBe(instantOfWallTime(wall, timeZone)?.toISOString());
    expect(screen.getByText(/The links are created on/)).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('link', { name: 'View the order' })).toHaveAttribute(
      'href',
      '/orders/OR-NEW00001',
    );
  }, 30_000);
});
