import type { CustomerId, CustomerSource, Permission } from '@boon/contracts';
import { describe, expect, it } from 'vitest';
import { notificationPreferencesUrl, showsBalanceNotifications } from './settings-rules';

const globex = 'C-GLOBEX01' as CustomerId;

describe('showsBalanceNotifications (spec 2.6)', () => {
  it.each([
    [
      'migrated, may top up by bank',
      'migrated-from-connect',
      ['write:top_up_by_bank'],
      globex,
      true,
    ],
    [
      'migrated, may top up by card',
      'migrated-from-connect',
      ['write:top_up_by_card'],
      globex,
      true,
    ],
    [
      'migrated, may top up both ways',
      'migrated-from-connect',
      ['read:billing', 'write:top_up_by_bank', 'write:top_up_by_card'],
      globex,
      true,
    ],
    ['migrated, may only exchange', 'migrated-from-connect', ['write:top_up_by_fx'], globex, false],
    ['migrated, no permissions', 'migrated-from-connect', [], globex, false],
    [
      'direct, may top up',
      'direct',
      ['write:top_up_by_bank', 'write:top_up_by_card'],
      globex,
      false,
    ],
    ['source unknown', null, ['write:top_up_by_bank'], globex, false],
    ['no customer selected', 'migrated-from-connect', ['write:top_up_by_bank'], null, false],
  ] as [string, CustomerSource | null, Permission[], CustomerId | null, boolean][])(
    '%s → %s',
    (_name, source, permissions, customerId, shown) => {
      expect(showsBalanceNotifications(source, permissions, customerId)).toBe(shown);
    },
  );
});

describe('notificationPreferencesUrl', () => {
  it.each([
    [
      '/api/connect',
      'http://localhost:8080/api/connect/notification-preferences?customerId=C-GLOBEX01',
    ],
    [
      '/api/connect/',
      'http://localhost:8080/api/connect/notification-preferences?customerId=C-GLOBEX01',
    ],
    [
      'https://connect.boon.example',
      'https://connect.boon.example/notification-preferences?customerId=C-GLOBEX01',
    ],
  ])('under %s', (base, url) => {
    expect(notificationPreferencesUrl(base, globex, 'http://localhost:8080')).toBe(url);
  });

  it("resolves against the page's origin by default", () => {
    expect(notificationPreferencesUrl('/api/connect', globex)).toBe(
      `${window.location.origin}/api/connect/notification-preferences?customerId=C-GLOBEX01`,
    );
  });

  it('encodes the customer id as a query parameter', () => {
    expect(notificationPreferencesUrl('/c', 'C-A&B=1' as CustomerId, 'http://localhost:8080')).toBe(
      'http://localhost:8080/c/notification-preferences?customerId=C-A%26B%3D1',
    );
  });
});
