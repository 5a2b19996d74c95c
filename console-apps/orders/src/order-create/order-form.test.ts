import { currentDateFormat } from '@boon/console-kit';
import { wallTimeOf } from '@boon/domain';
import { describe, expect, it } from 'vitest';
import { bookBarn, coffeeHouse } from '../testing';
import { denominationProblem, valuesText } from './denominations';
import { formPathOf, orderDefaults, orderFormSchema, toOrderCreate } from './order-form';
import { parseRecipientLines } from './quantity-step';

const valid = {
  ...orderDefaults('link'),
  productCodes: ['COFFEE-US'],
  quantity: '2',
};

function problemsOf(overrides: object): Record<string, string> {
  const result = orderFormSchema.safeParse({ ...valid, ...overrides });
  if (result.success) return {};
  // The first problem of a field is the one it shows.
  return Object.fromEntries(
    result.error.issues.reverse().map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the order form (spec 5 and 9, from the contract)', () => {
  it('starts at 10 USD in the United States, with no links yet and the birthday message', () => {
    expect(orderDefaults()).toMatchObject({
      deliveryType: 'email',
      faceValue: '10',
      currency: 'USD',
      country: 'US',
      quantity: '0',
      message: { header: 'Happy Birthday!', colour: '#000000' },
    });
  });

  it.each([
    ['a valid link order', {}, undefined, undefined],
    [
      'no links (the default 0)',
      { quantity: '0' },
      'quantity',
      'Enter how many links to create: at least 1.',
    ],
    ['201 links', { quantity: '201' }, 'quantity', 'One order has at most 200 links.'],
    ['a face value of 0', { faceValue: '0' }, 'faceValue', 'Enter a value of at least 0.01'],
    [
      'a face value above 100,000',
      { faceValue: '100000.01' },
      'faceValue',
      'Enter a value of at most 100,000',
    ],
    [
      'a face value with letters',
      { faceValue: '10 USD' },
      'faceValue',
      'Enter a value such as 25 or 25.00',
    ],
    ['no merchant', { productCodes: [] }, 'productCodes', 'Choose a merchant.'],
    [
      'a colour without #',
      { message: { ...valid.message, colour: '000000' } },
      'message.colour',
      'Enter a colour as # and 3 or 6 hex digits, such as #000000',
    ],
    ['a 3-digit colour', { message: { ...valid.message, colour: '#fff' } }, undefined, undefined],
    ['a description of 129 characters', { description: 'x'.repeat(129) }, 'description', undefined],
    [
      'an e-mail order without recipients',
      { deliveryType: 'email' },
      'recipients',
      'Add at least one recipient.',
    ],
    [
      'a recipient without a valid e-mail',
      { deliveryType: 'email', recipients: [{ name: 'Ada', email: 'ada@' }] },
      'recipients.0.email',
      undefined,
    ],
  ] as const)('%s', (_case, overrides, field, message) => {
    const problems = problemsOf(overrides);
    if (field === undefined) expect(problems).toEqual({});
    else if (message === undefined) expect(problems).toHaveProperty([field]);
    else expect(problems[field]).toBe(message);
  });

  it.each([
    [
      'one merchant goes as productCode',
      { productCodes: ['COFFEE-US'] },
      { productCode: 'COFFEE-US', quantity: 2 },
    ],
    [
      'several go as productCodes',
      { productCodes: ['COFFEE-US', 'BOOKS-US'] },
      { productCodes: ['COFFEE-US', 'BOOKS-US'] },
    ],
    ['a blank description is left out', { description: '  ' }, {}],
  ] as const)('the body: %s', (_case, overrides, expected) => {
    const parsed = orderFormSchema.parse({ ...valid, ...overrides });
    const body = toOrderCreate(parsed);
    expect(body).toMatchObject(expected);
    expect(body).not.toHaveProperty('description');
    expect(body).not.toHaveProperty('recipients');
  });

  describe('scheduled delivery (up to 90 days ahead, in the timezone chosen in Settings)', () => {
    const inDays = (days: number) =>
      wallTimeOf(new Date(Date.now() + days * 86_400_000), currentDateFormat().timeZone);

    it.each([
      ['now, whatever the time field holds', { delivery: 'now', deliverAt: 'junk' }, undefined],
      ['tomorrow', { delivery: 'later', deliverAt: inDays(1) }, undefined],
      ['in 89 days', { delivery: 'later', deliverAt: inDays(89) }, undefined],
      ['without a time', { delivery: 'later', deliverAt: '' }, 'Enter a date and time.'],
      [
        'in the past',
        { delivery: 'later', deliverAt: '2020-01-01T09:00' },
        'Choose a delivery time that is not in the past.',
      ],
      [
        'in 91 days',
        { delivery: 'later', deliverAt: inDays(91) },
        'Choose a delivery time at most 90 days ahead.',
      ],
    ] as const)('%s', (_case, overrides, message) => {
      const problems = problemsOf(overrides);
      if (message === undefined) expect(problems).toEqual({});
      else expect(problems.deliverAt).toBe(message);
    });

    it.each([
      ['London in winter', 'Europe/London', '2026-12-24T09:00:00.000Z'],
      ['New York', 'America/New_York', '2026-12-24T14:00:00.000Z'],
      ['UTC', 'Etc/UTC', '2026-12-24T09:00:00.000Z'],
    ])('the body names the instant: 09:00 on 24 December in %s', (_case, zone, instant) => {
      const values = { ...orderFormSchema.parse(valid), delivery: 'later' as const };
      expect(toOrderCreate({ ...values, deliverAt: '2026-12-24T09:00' }, zone).deliverAt).toBe(
        instant,
      );
      expect(toOrderCreate({ ...values, delivery: 'now' }, zone)).not.toHaveProperty('deliverAt');
    });
  });

  it.each([
    ['body.faceValue', 'faceValue'],
    ['body.productCode', 'productCodes'],
    ['body.productCodes.1', 'productCodes'],
    ['body.recipients.2.email', 'recipients.2.email'],
    ['body.message.colour', 'message.colour'],
    ['body.deliverAt', 'deliverAt'],
    ['body.unknown', undefined],
  ])("a server's objection to %s lands on %s", (path, field) => {
    expect(formPathOf(path)).toBe(field);
  });
});

describe("the merchants' denominations", () => {
  it.each([
    [coffeeHouse, '25', undefined],
    [coffeeHouse, '20', 'Coffee House offers $10.00, $25.00 or $50.00.'],
    [bookBarn, '25', undefined],
    [bookBarn, '27', 'Book Barn offers $5.00 to $500.00, in steps of $5.00.'],
    [bookBarn, '505', 'Book Barn offers $5.00 to $500.00, in steps of $5.00.'],
  ] as const)('%s at %s', (product, value, problem) => {
    expect(denominationProblem([product], value)).toBe(problem);
  });

  it('describes what each offers', () => {
    expect(valuesText(coffeeHouse)).toBe('$10.00, $25.00 or $50.00');
  });
});

describe('a pasted list of recipients', () => {
  it.each([
    ['Ada Lovelace, ada@example.com', [{ name: 'Ada Lovelace', email: 'ada@example.com' }], []],
    [
      'Ada Lovelace;ada@example.com\n\nAlan\talan@example.com',
      [
        { name: 'Ada Lovelace', email: 'ada@example.com' },
        { name: 'Alan', email: 'alan@example.com' },
      ],
      [],
    ],
    ['ada@example.com', [], ['ada@example.com']],
    ['Ada, not-an-address', [], ['Ada, not-an-address']],
  ])('%j', (text, recipients, refused) => {
    expect(parseRecipientLines(text)).toEqual({ recipients, refused });
  });
});
