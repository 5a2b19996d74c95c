import {
  identify,
  setAnalyticsSink,
  type AnalyticsIdentity,
  type AnalyticsSink,
} from './analytics';

export interface TrackingConsent {
  /** The enableConsentBanner feature toggle. */
  consentBannerEnabled: boolean;
  /** The user's answer to the consent modal; null until answered (spec 4.3). */
  dataProcessingTncAccepted: boolean | null;
}

/** Spec 4.2: "Tracking starts only if the consent banner toggle is off or consent was given." */
export function isTrackingAllowed({
  consentBannerEnabled,
  dataProcessingTncAccepted,
}: TrackingConsent): boolean {
  return !consentBannerEnabled || dataProcessingTncAccepted === true;
}

export interface GateState {
  allowed: boolean;
  /** The signed-in user; null while /user/me has not answered yet. */
  identity: AnalyticsIdentity | null;
}

export interface AnalyticsGate {
  /** Opens or closes the gate for the latest consent and user. */
  update(state: GateState): void;
  /** Uninstalls the sink (logout, unmount); later events go nowhere. */
  close(): void;
  readonly isOpen: boolean;
}

/**
 * Installs `sink` as the destination of `track` only while tracking is allowed, and identifies
 * the user to it first, so no event reaches it anonymously or before consent (spec 4.2).
 *
 * While the gate is closed events are dropped, not queued. A queue would hold data about the user
 * collected before they agreed and hand it over the moment they click Accept, which is collection
 * before consent in all but name; if they decline it would have to be thrown away anyway, and if
 * they never answer it would grow for the whole session. The few events of the first seconds of a
 * session are the price of asking first.
 */
export function createAnalyticsGate(sink: AnalyticsSink): AnalyticsGate {
  let restore: (() => void) | null = null;
  let identifiedAs: string | null = null;

  const close = () => {
    restore?.();
    restore = null;
    identifiedAs = null;
  };

  return {
    update({ allowed, identity }) {
      if (!allowed) {
        close();
        return;
      }
      // Tracking starts once the user is loaded (spec 4.2); a moment without /user/me data while
      // the customer changes keeps an open gate open.
      if (identity === null) return;
      restore ??= setAnalyticsSink(sink);
      const key = JSON.stringify(identity);
      if (key !== identifiedAs) {
        identify(identity);
        identifiedAs = key;
      }
    },
    close,
    get isOpen() {
      return restore !== null;
    },
  };
}
