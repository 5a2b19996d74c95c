import { describe, expect, it } from 'vitest';
import { mappingToRemember, normalise, suggestMapping } from './column-mapping';

describe('suggestMapping', () => {
  it.each([
    [
      'the template',
      [
        'Recipient name',
        'Recipient e-mail',
        'Amount',
        'Currency',
        'Merchant code',
        'Message',
        'Delivery date',
      ],
      ['name', 'email', 'faceValue', 'currency', 'productCode', 'message', 'deliverAt'],
    ],
    ["the issue's aliases", ['E-mail', 'Name'], ['email', 'name']],
    ['"email address"', ['email address', 'full name'], ['email', 'name']],
    [
      '"Recipient email" is an e-mail, not a name',
      ['Recipient email', 'Recipient'],
      ['email', 'name'],
    ],
    ['a typo', ['Emial', 'Curency', 'Ammount'], ['email', 'currency', 'faceValue']],
    ['each field once', ['Email', 'E-mail'], ['email', null]],
    ['what fits nothing', ['Department', '', 'Cost centre'], [null, null, null]],
    ['"Gift card value" is an amount', ['Gift card value'], ['faceValue']],
  ] as const)('%s', (_what, headers, expected) => {
    expect(suggestMapping(headers)).toEqual(expected);
  });

  it("takes this customer's own choice for a header first", () => {
    const remembered = { department: 'message' } as const;
    expect(suggestMapping(['Department', 'Email'], remembered)).toEqual(['message', 'email']);
  });

  it('remembers a confirmed mapping by normalised header', () => {
    expect(mappingToRemember(['Team (Dept.)', 'E-Mail'], ['message', 'email'])).toEqual({
      teamdept: 'message',
      email: 'email',
    });
    expect(normalise('  Recipient E-mail Address ')).toBe('recipientemailaddress');
  });
});
