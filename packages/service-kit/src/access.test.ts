import { describe, expect, it } from 'vitest';
import type { Permission } from '@boon/contracts';
import { holdsPermissions } from './access.js';

const held: Permission[] = ['read:orders', 'read:billing'];

describe('holdsPermissions', () => {
  it.each([
    { required: [], mode: 'all', expected: true },
    { required: ['read:orders'], mode: 'all', expected: true },
    { required: ['read:orders', 'read:billing'], mode: 'all', expected: true },
    { required: ['read:orders', 'write:orders'], mode: 'all', expected: false },
    { required: ['read:orders', 'write:orders'], mode: 'any', expected: true },
    { required: ['write:orders', 'cancel:orders'], mode: 'any', expected: false },
  ] as const)('$mode of $required → $expected', ({ required, mode, expected }) => {
    expect(holdsPermissions(held, required, mode)).toBe(expected);
  });
});
