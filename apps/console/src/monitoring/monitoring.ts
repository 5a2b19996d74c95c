import { getConsoleConfig, type ConsoleConfig } from '@boon/console-kit';

type Sentry = typeof import('@sentry/react');

/** Spec 9, "Monitoring": session replay for 20% of sessions, and for every session with an error. */
export const REPLAY_SAMPLE_RATES = {
  replaysSessionSampleRate: 0.2,
  replaysOnErrorSampleRate: 1.0,
} as const;

/** Extra facts about an error, such as the call or screen it came from. */
export type ErrorContext = Record<string, unknown>;

/** null: error reporting is off (no DSN) or has not been started. */
let sentry: Promise<Sentry | null> | null = null;

async function loadSentry(dsn: string, environment: ConsoleConfig['environment']) {
  try {
    // A dynamic import: without a DSN the SDK is never fetched, and with one it arrives in its
    // own chunk after the first screen.
    const Sentry = await import('@sentry/react');
    Sentry.init({
      dsn,
      environment,
      // Session replay records what the user does: it joins only once consent allows tracking
      // (setSessionReplayAllowed), read at these rates then.
      integrations: [],
      ...REPLAY_SAMPLE_RATES,
    });
    return Sentry;
  } catch (error) {
    console.error('Error reporting could not start', error);
    return null;
  }
}

/**
 * Starts error reporting when the runtime configuration names a Sentry DSN; otherwise does
 * nothing and loads nothing. Resolves with whether reporting is on. Safe to call more than once.
 */
export function initMonitoring(
  config: Pick<ConsoleConfig, 'sentryDsn' | 'environment'> = getConsoleConfig(),
): Promise<boolean> {
  if (!config.sentryDsn) return Promise.resolve(false);
  sentry ??= loadSentry(config.sentryDsn, config.environment);
  // Consent may have been settled before the SDK arrived.
  if (replayAllowed) setSessionReplayAllowed(true);
  return sentry.then((loaded) => loaded !== null);
}

let replayAllowed = false;
let replayAdded = false;

/**
 * Session replay follows the consent rules of analytics (spec 4.2): the gate allows it when the
 * consent toggle is off or the user accepted, and withdraws it after a Decline or on sign-out.
 * Replays mask all text and inputs and block media (the SDK's defaults, kept).
 */
export function setSessionReplayAllowed(allowed: boolean): void {
  replayAllowed = allowed;
  if (sentry === null) return;
  void sentry.then((loaded) => {
    if (!loaded || replayAllowed !== allowed) return;
    if (allowed && !replayAdded) {
      loaded.addIntegration(loaded.replayIntegration());
      replayAdded = true;
    } else if (allowed) {
      loaded.getReplay()?.start();
    } else {
      void loaded.getReplay()?.stop();
    }
  });
}

function logError(error: unknown, context: ErrorContext | undefined) {
  if (context === undefined) console.error(error);
  else console.error(error, context);
}

/**
 * Reports an error the shell handled (a failed call, a navigation error): to Sentry when it is on,
 * else to the browser console. Errors reported while the SDK is still loading are sent once it
 * has started. Never throws.
 */
export function reportError(error: unknown, context?: ErrorContext): void {
  if (sentry === null) {
    logError(error, context);
    return;
  }
  void sentry.then((loaded) => {
    if (loaded === null) {
      logError(error, context);
      return;
    }
    try {
      loaded.captureException(error, context === undefined ? undefined : { extra: context });
    } catch (failure) {
      console.error('Error reporting failed', failure);
      logError(error, context);
    }
  });
}
