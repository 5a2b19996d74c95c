import type { QueryClient } from '@tanstack/react-query';
import type { RegisteredRouter, RouterHistory } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { Auth } from '../auth/auth';

/** The real console, as its shell builds it: the router over the composed tree, and the app. */
export interface ConsoleUnderTest {
  createRouter(
    deps: { auth: Auth; queryClient: QueryClient },
    history: RouterHistory,
  ): RegisteredRouter;
  App: ComponentType<{ router: RegisteredRouter; queryClient: QueryClient }>;
}

let load: (() => Promise<ConsoleUnderTest>) | undefined;

/**
 * Names the console that renderConsole renders. A package cannot import the shell, which sits
 * above it, so the test set-up (scripts/test-setup/dom.ts), like main.tsx in production, is
 * where the two meet. Loaded on first use: tests that render no console never load the shell.
 */
export function provideConsoleUnderTest(loader: () => Promise<ConsoleUnderTest>): void {
  load = loader;
}

export async function consoleUnderTest(): Promise<ConsoleUnderTest> {
  if (!load) {
    throw new Error(
      'No console to render: the test set-up must call provideConsoleUnderTest (scripts/test-setup/dom.ts does).',
    );
  }
  return load();
}
