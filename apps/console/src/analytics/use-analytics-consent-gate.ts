import { useEffect, useMemo } from 'react';
import { getConsoleConfig, useUserMe, useFeatureToggle } from '@boon/console-kit';
import { setSessionReplayAllowed } from '../monitoring/monitoring';
import { useAppStore } from '@boon/console-kit/shell';
import type { AnalyticsSink } from './analytics';
import { createAnalyticsGate, isTrackingAllowed } from './consent-gate';
import { defaultAnalyticsSink } from './default-sink';
import { analyticsIdentityOf } from './identity';

export interface AnalyticsConsentGateOptions {
  /**
   * Where events go once tracking is allowed. Defaults to `defaultAnalyticsSink` (the browser
   * console in development, nothing elsewhere); null sends nothing at all.
   */
  sink?: AnalyticsSink | null;
}

/**
 * Starts tracking for the signed-in user once the consent rules allow it (spec 4.2): the
 * enableConsentBanner toggle is off, or the user accepted the consent modal. Until then, and
 * again after a Decline or on unmount (logout), `track` sends nothing. The user is identified to
 * the sink before its first event (spec 7).
 *
 * Mount it once in the signed-in layout, below the ApiClientProvider (it reads /user/me).
 * Returns whether events are sent: a sink, the user loaded and tracking allowed.
 */
export function useAnalyticsConsentGate(options: AnalyticsConsentGateOptions = {}): boolean {
  const sink =
    options.sink === undefined
      ? defaultAnalyticsSink(getConsoleConfig().environment)
      : options.sink;
  const consentBannerEnabled = useFeatureToggle('enableConsentBanner');
  const dataProcessingTncAccepted = useAppStore((state) => state.dataProcessingTncAccepted);
  const user = useUserMe().data;

  const gate = useMemo(() => (sink ? createAnalyticsGate(sink) : null), [sink]);
  useEffect(() => () => gate?.close(), [gate]);

  const allowed = isTrackingAllowed({ consentBannerEnabled, dataProcessingTncAccepted });
  // Query data is structurally shared, so `user` only changes when the answer does.
  const identity = useMemo(() => (user ? analyticsIdentityOf(user) : null), [user]);

  useEffect(() => {
    gate?.update({ allowed, identity });
  }, [gate, allowed, identity]);

  // Session replay records the user too: same rules, withdrawn on unmount (sign-out).
  useEffect(() => {
    setSessionReplayAllowed(allowed);
    return () => setSessionReplayAllowed(false);
  }, [allowed]);

  return gate !== null && allowed && identity !== null;
}

/** The consent gate as a component, for layouts that mount behaviour as elements. */
export function AnalyticsConsentGate(props: AnalyticsConsentGateOptions) {
  useAnalyticsConsentGate(props);
  return null;
}
