/** Properties sent with an event; kept flat so any analytics product can take them. */
export type AnalyticsProperties = Record<string, string | number | boolean | null>;

/** Where tracked events go. The shell talks only to this interface, never to a vendor's script. */
export interface AnalyticsSink {
  track(event: string, properties?: AnalyticsProperties): void;
}

/** Sends nothing: the default until a sink is installed, and whenever consent is missing. */
export const noopAnalyticsSink: AnalyticsSink = { track() {} };

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
