import { describe, expect, it } from 'vitest';
import { customer } from '../testing/customers';
import { pickCustomerId } from './pick-customer-id';

const acme = customer('C-ACME0001', 'Acme Rewards Ltd');
const globex = customer('C-GLOBEX01', 'Globex Corporation');

describe('pickCustomerId', () => {
  it('chooses the only customer automatically', () => {
    expect(pickCustomerId([acme], null)).toBe('C-ACME0001');
    expect(pickCustomerId([acme], 'C-GLOBEX01')).toBe('C-ACME0001');
  });

  it('keeps a remembered choice the user still belongs to', () => {
    expect(pickCustomerId([acme, globex], 'C-GLOBEX01')).toBe('C-GLOBEX01');
  });

  it('drops a remembered choice the user no longer belongs to', () => {
    expect(pickCustomerId([acme, globex], 'C-OTHER001')).toBeNull();
  });

  it('chooses nothing among several, or without customers', () => {
    expect(pickCustomerId([acme, globex], null)).toBeNull();
    expect(pickCustomerId([], 'C-ACME0001')).toBeNull();
  });
});
