import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_HASH_COST, passwordHashing } from './password.js';

describe('passwordHashing', () => {
  const cheap = passwordHashing(10);

  it('hashes at its cost with a salt of its own, and checks the password', async () => {
    const [first, second] = await Promise.all([
      cheap.hash('Sesame-2026'),
      cheap.hash('Sesame-2026'),
    ]);
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(first).not.toBe(second);
    expect(await cheap.verify('Sesame-2026', first ?? '')).toBe(true);
    expect(await cheap.verify('sesame-2026', first ?? '')).toBe(false);
  });

  it('checks a hash at the cost it was made with, whatever its own', async () => {
    const stored = await passwordHashing(11).hash('Sesame-2026');
    expect(stored.startsWith('scrypt$2048$')).toBe(true);
    expect(await cheap.verify('Sesame-2026', stored)).toBe(true);
  });

  it('reads NFKC-equal passwords as one, and refuses what is not a scrypt hash', async () => {
    const stored = await cheap.hash('ﬁle-Cafe\u0301');
    expect(await cheap.verify('file-Café', stored)).toBe(true);
    expect(await cheap.verify('Sesame-2026', 'bcrypt$10$abc')).toBe(false);
    expect(await cheap.verify('Sesame-2026', '')).toBe(false);
  });

  it('defaults to N=2^15 and takes only whole costs from 10 to 20', () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(15);
    for (const cost of [9, 21, 12.5, Number.NaN]) {
      expect(() => passwordHashing(cost)).toThrow(RangeError);
    }
  });
});
