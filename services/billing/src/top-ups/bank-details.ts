import type { BankDetails } from '@boon/contracts';

/**
 * The provider's receiving accounts, by currency, that a bank top-up is paid to. These are the
 * embedded demo values (clearly marked, on reserved test ranges); a deployment replaces them.
 */
const ACCOUNT_NAME = 'Boon Payments Ltd (demo account)';

const byCurrency: Readonly<Record<string, Omit<BankDetails, 'accountName'>>> = {
  USD: {
    bankName: 'First Demo Bank, N.A.',
    bankAddress: '100 Example Street, New York, NY 10001, United States',
    fields: [
      { label: 'Account number', value: '000123456789' },
      { label: 'ACH routing number', value: '011000015' },
      { label: 'Wire routing number', value: '021000021' },
      { label: 'SWIFT / BIC', value: 'DEMOUS33XXX' },
    ],
  },
  GBP: {
    bankName: 'Demo Bank plc',
    bankAddress: '1 Example Lane, London EC2A 1AA, United Kingdom',
    fields: [
      { label: 'Sort code', value: '00-00-00' },
      { label: 'Account number', value: '00012345' },
      { label: 'IBAN', value: 'GB00 DEMO 0000 0000 0123 45' },
      { label: 'SWIFT / BIC', value: 'DEMOGB2LXXX' },
    ],
  },
  EUR: {
    bankName: 'Demo Bank Europe SE',
    bankAddress: 'Beispielstraße 1, 10115 Berlin, Germany',
    fields: [
      { label: 'IBAN', value: 'DE00 0000 0000 0000 0123 45' },
      { label: 'SWIFT / BIC', value: 'DEMODEFFXXX' },
    ],
  },
};

/** Any other currency arrives by international wire to the multi-currency account. */
const international: Omit<BankDetails, 'accountName'> = {
  bankName: 'Demo Bank plc (multi-currency account)',
  bankAddress: '1 Example Lane, London EC2A 1AA, United Kingdom',
  fields: [
    { label: 'IBAN', value: 'GB00 DEMO 0000 0000 0999 99' },
    { label: 'SWIFT / BIC', value: 'DEMOGB2LXXX' },
  ],
};

export function bankDetailsFor(currency: string): BankDetails {
  return { accountName: ACCOUNT_NAME, ...(byCurrency[currency] ?? international) };
}
