/** Properties sent with an event; kept flat so any analytics product can take them. */
export type AnalyticsProperties = Record<string, string | number | boolean | null>;

/**
 * Who the events are about (spec 7: "id, email, first and last name, and customer ids joined by
 * commas"). Flat strings, so any analytics product takes it as its user traits.
 */
export interface AnalyticsIdentity {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Every customer the user belongs to, joined by commas without spaces: "C-ACME0001,C-GLOBEX01". */
  customerIds: string;
}

/** Where tracked events go. The shell talks only to this interface, never to a vendor's script. */
export interface AnalyticsSink {
  track(event: string, properties?: AnalyticsProperties): void;
  /** Names the user later events belong to. A sink without a notion of users may leave it out. */
  identify?(identity: AnalyticsIdentity): void;
}

/** Sends nothing: the default until a sink is installed, and whenever consent is missing. */
export const noopAnalyticsSink: AnalyticsSink = { track() {}, identify() {} };

let currentSink: AnalyticsSink = noopAnalyticsSink;

/** Installs the sink every later `track` call uses; returns a function that restores the old one. */
export function setAnalyticsSink(sink: AnalyticsSink): () => void {
  const previous = currentSink;
  currentSink = sink;
  return () => {
    currentSink = previous;
  };
}

/** Records an event. Tracking must never break a page, so a failing sink is only logged. */
export function track(event: string, properties?: AnalyticsProperties): void {
  try {
    currentSink.track(event, properties);
  } catch (error) {
    console.warn('Analytics sink failed', error);
  }
}

/** Tells the current sink who the user is. Like `track`, it never throws. */
export function identify(identity: AnalyticsIdentity): void {
  try {
    currentSink.identify?.(identity);
  } catch (error) {
    console.warn('Analytics sink failed', error);
  }
}
