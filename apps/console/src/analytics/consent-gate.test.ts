import { afterEach, describe, expect, it, vi } from 'vitest';
import { track, type AnalyticsIdentity } from './analytics';
import { createAnalyticsGate, isTrackingAllowed, type AnalyticsGate } from './consent-gate';
import { consoleAnalyticsSink, defaultAnalyticsSink } from './default-sink';
import { analyticsIdentityOf } from './identity';

const identity: AnalyticsIdentity = {
  id: 'U-MULTI001',
  email: 'multi@acme.test',
  firstName: 'Morgan',
  lastName: 'Multi',
  customerIds: 'C-ACME0001,C-GLOBEX01',
};

function recordingSink() {
  return { track: vi.fn(), identify: vi.fn() };
}

describe('isTrackingAllowed (spec 4.2)', () => {
  it.each([
    { consentBannerEnabled: true, dataProcessingTncAccepted: null, allowed: false },
    { consentBannerEnabled: true, dataProcessingTncAccepted: false, allowed: false },
    { consentBannerEnabled: true, dataProcessingTncAccepted: true, allowed: true },
    { consentBannerEnabled: false, dataProcessingTncAccepted: null, allowed: true },
    { consentBannerEnabled: false, dataProcessingTncAccepted: false, allowed: true },
    { consentBannerEnabled: false, dataProcessingTncAccepted: true, allowed: true },
  ])(
    'toggle $consentBannerEnabled, consent $dataProcessingTncAccepted → $allowed',
    ({ allowed, ...consent }) => {
      expect(isTrackingAllowed(consent)).toBe(allowed);
    },
  );
});

describe('analyticsIdentityOf (spec 7)', () => {
  it('sends id, email, first and last name, and the customer ids joined by commas', () => {
    expect(
      analyticsIdentityOf({
        id: 'U-MULTI001',
        emailAddress: 'multi@acme.test',
        firstName: 'Morgan',
        lastName: 'Multi',
        customerIds: ['C-ACME0001', 'C-GLOBEX01'],
      }),
    ).toStrictEqual(identity);
  });

  it('sends an empty string for a user without customers (staff)', () => {
    expect(
      analyticsIdentityOf({
        id: 'U-STAFF001',
        emailAddress: 'staff@boon.test',
        firstName: 'Sam',
        lastName: 'Staff',
        customerIds: [],
      }).customerIds,
    ).toBe('');
  });
});

describe('the analytics gate', () => {
  let gate: AnalyticsGate | undefined;
  afterEach(() => gate?.close());

  it('drops events while closed and does not replay them on opening', () => {
    const sink = recordingSink();
    gate = createAnalyticsGate(sink);

    track('Before consent');
    gate.update({ allowed: false, identity });
    track('Still before consent');
    gate.update({ allowed: true, identity });
    track('After consent');

    expect(sink.track).toHaveBeenCalledTimes(1);
    expect(sink.track).toHaveBeenCalledWith('After consent', undefined);
  });

  it('identifies the user before the first event', () => {
    const calls: string[] = [];
    gate = createAnalyticsGate({
      identify: () => calls.push('identify'),
      track: (event) => calls.push(event),
    });

    gate.update({ allowed: true, identity });
    track('Page viewed');

    expect(calls).toEqual(['identify', 'Page viewed']);
  });

  it('waits for the user before it opens', () => {
    const sink = recordingSink();
    gate = createAnalyticsGate(sink);

    gate.update({ allowed: true, identity: null });
    track('Anonymous');

    expect(gate.isOpen).toBe(false);
    expect(sink.track).not.toHaveBeenCalled();
  });

  it('identifies once per identity and again when it changes', () => {
    const sink = recordingSink();
    gate = createAnalyticsGate(sink);

    gate.update({ allowed: true, identity });
    gate.update({ allowed: true, identity: { ...identity } });
    gate.update({ allowed: true, identity: null });
    expect(sink.identify).toHaveBeenCalledTimes(1);
    expect(gate.isOpen).toBe(true);

    gate.update({ allowed: true, identity: { ...identity, customerIds: 'C-ACME0001' } });
    expect(sink.identify).toHaveBeenCalledTimes(2);
  });

  it('closes when consent is withdrawn and on close()', () => {
    const sink = recordingSink();
    gate = createAnalyticsGate(sink);

    gate.update({ allowed: true, identity });
    gate.update({ allowed: false, identity });
    track('After decline');
    expect(gate.isOpen).toBe(false);

    gate.update({ allowed: true, identity });
    gate.close();
    track('After logout');

    expect(sink.track).not.toHaveBeenCalled();
  });
});

describe('the default sink', () => {
  it('logs to the browser console in development', () => {
    expect(defaultAnalyticsSink('development', false)).toBe(consoleAnalyticsSink);
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});

    consoleAnalyticsSink.identify?.(identity);
    consoleAnalyticsSink.track('Page viewed', { path: '/' });

    expect(info).toHaveBeenNthCalledWith(1, '[analytics]', 'identify', identity);
    expect(info).toHaveBeenNthCalledWith(2, '[analytics]', 'track', 'Page viewed', { path: '/' });
    info.mockRestore();
  });

  it('sends nothing in production, in the test environment and during test runs', () => {
    expect(defaultAnalyticsSink('production', false)).toBeNull();
    expect(defaultAnalyticsSink('test', false)).toBeNull();
    expect(defaultAnalyticsSink('development', true)).toBeNull();
  });
});
