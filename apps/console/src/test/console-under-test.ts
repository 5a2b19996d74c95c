import type { ConsoleUnderTest } from '@boon/console-kit/testing/setup';
import { App } from '../app/app';
import { createAppRouter } from '../app/router';

/**
 * The real console for the console kit's renderConsole: the composed route tree with every
 * console app, the guards and the pages. The test set-up hands it to the kit (this package's
 * "./testing" export), because the kit and the console apps cannot import the shell.
 */
export const consoleUnderTest: ConsoleUnderTest = { createRouter: createAppRouter, App };
