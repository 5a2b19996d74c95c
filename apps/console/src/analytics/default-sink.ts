import type { ConsoleConfig } from '@boon/console-kit';
import type { AnalyticsSink } from './analytics';

const PREFIX = '[analytics]';

/**
 * A first-party sink for development: events go to the browser console, so a developer sees
 * what would be tracked. Nothing leaves the page.
 */
export const consoleAnalyticsSink: AnalyticsSink = {
  identify(identity) {
    console.info(PREFIX, 'identify', identity);
  },
  track(event, properties) {
    console.info(PREFIX, 'track', event, properties ?? {});
  },
};

/**
 * The sink the shell uses when the layout names none. The console loads nothing from the
 * internet (CSP `script-src 'self'`), so there is no vendor script to fall back to: development
 * builds log to the console, test runs and every other environment send nothing until a sink is
 * passed to the consent gate explicitly.
 */
export function defaultAnalyticsSink(
  environment: ConsoleConfig['environment'],
  runningTests: boolean = import.meta.env.MODE === 'test',
): AnalyticsSink | null {
  return environment === 'development' && !runningTests ? consoleAnalyticsSink : null;
}
