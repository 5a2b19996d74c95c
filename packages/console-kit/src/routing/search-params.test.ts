import { describe, expect, it } from 'vitest';
import {
  optionalCurrencyCode,
  optionalCursor,
  optionalEnum,
  optionalSearchText,
  optionalSort,
  optionalString,
  sortParam,
} from './search-params';

describe('search-parameter validators', () => {
  it('keeps a non-empty string, trimmed, within its length', () => {
    expect(optionalString('  acme ')).toBe('acme');
    expect(optionalString('   ')).toBeUndefined();
    expect(optionalString('abcd', 3)).toBeUndefined();
    expect(optionalString(['acme'])).toBeUndefined();
  });

  it('reads search text the router parsed as a number as its digits', () => {
    expect(optionalSearchText(123, 10)).toBe('123');
    expect(optionalSearchText(' ini ', 10)).toBe('ini');
    expect(optionalSearchText(12345, 3)).toBeUndefined();
    expect(optionalSearchText(Number.NaN, 10)).toBeUndefined();
    expect(optionalSearchText(true, 10)).toBeUndefined();
    expect(optionalSearchText({ $gt: '' }, 10)).toBeUndefined();
  });

  it('keeps only an allowed value, exactly', () => {
    const statuses = ['NEW', 'PENDING'] as const;
    expect(optionalEnum('NEW', statuses)).toBe('NEW');
    expect(optionalEnum('new', statuses)).toBeUndefined();
    expect(optionalEnum('toString', statuses)).toBeUndefined();
    expect(optionalEnum(1, statuses)).toBeUndefined();
  });

  it('keeps a currency code as the API writes it', () => {
    expect(optionalCurrencyCode('GBP')).toBe('GBP');
    expect(optionalCurrencyCode(' JPY ')).toBe('JPY');
    expect(optionalCurrencyCode('gbp')).toBeUndefined();
    expect(optionalCurrencyCode('GBPX')).toBeUndefined();
    expect(optionalCurrencyCode('G1P')).toBeUndefined();
    expect(optionalCurrencyCode(840)).toBeUndefined();
  });

  it('keeps a cursor as it is, refusing blanks, spaces, control characters and excess', () => {
    expect(optionalCursor('WyJBY21lIiwiUC0xIl0')).toBe('WyJBY21lIiwiUC0xIl0');
    expect(optionalCursor('')).toBeUndefined();
    expect(optionalCursor('a b')).toBeUndefined();
    expect(optionalCursor('a\nb')).toBeUndefined();
    expect(optionalCursor('x'.repeat(1001))).toBeUndefined();
    expect(optionalCursor(25)).toBeUndefined();
  });

  it('reads a sort as column or -column, and writes it back the same way', () => {
    const columns = ['email', 'name'] as const;
    expect(optionalSort('email', columns)).toEqual({ column: 'email', direction: 'asc' });
    expect(optionalSort('-name', columns)).toEqual({ column: 'name', direction: 'desc' });
    expect(optionalSort('--name', columns)).toBeUndefined();
    expect(optionalSort('-', columns)).toBeUndefined();
    expect(optionalSort('roles', columns)).toBeUndefined();
    expect(optionalSort(['email'], columns)).toBeUndefined();
    expect(sortParam({ column: 'name', direction: 'desc' })).toBe('-name');
    expect(sortParam({ column: 'email', direction: 'asc' })).toBe('email');
  });
});
