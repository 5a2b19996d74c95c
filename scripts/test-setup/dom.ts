// Setup for the jsdom project: jest-dom matchers (toBeInTheDocument, toHaveAccessibleName, ...),
// unmounting after each test (Testing Library only does that by itself when test globals are on,
// and they are off here) and a clean slate for every test file.
//
// The project runs with `isolate: false`: one jsdom window and one set of loaded libraries per
// worker instead of a new process per file, which took most of the suite's time. Vitest runs this
// file again before each test file, so everything a file could leave behind for the next one is
// reset here, and a test file may still assume it starts in a fresh browser.
import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterEach, vi } from 'vitest';

// React's development build records where every element was created, an Error with its stack
// (about 13 µs each on this machine), for the component stacks of its warnings, up to 10,000
// elements per render. The tests render hundreds of thousands and read no owner stack; held at
// that limit, the count turns the recording off (warnings still name their component): about
// 7% of this project's CPU. The same object every React module of the run shares.
Object.defineProperty(
  (React as unknown as Record<string, object>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE,
  'recentlyCreatedOwnerStacks',
  { configurable: true, get: () => 10_000, set: () => {} },
);

// findBy* and waitFor wait up to 1 s by default. This machine is shared with other work, and a
// screen that lazily loads its chunk and two API answers can take longer there: a wait that is
// met returns at once, so a longer limit costs nothing when tests pass.
configure({ asyncUtilTimeout: 5_000 });

// Our own modules (stores, caches, module-level singletons, anything a previous file's vi.mock
// fed into) are evaluated afresh for this file; libraries from node_modules stay loaded, which
// is the saving. Every vi.mock of this file still applies: it is registered for this file alone.
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
// What a file left in the page (portals, live regions, a progress bar) and on <html> and <body>
// (scroll locks, pointer-events, lang, theme classes) is gone; jsdom starts with neither.
document.head.replaceChildren();
document.body.replaceChildren();
for (const element of [document.documentElement, document.body]) {
  for (const { name } of [...element.attributes]) element.removeAttribute(name);
}
document.title = '';
window.history.replaceState(null, '', '/');

afterEach(() => {
  cleanup();
});

// Radix's listbox (ListboxSelect) scrolls its options into view and captures the pointer, which
// jsdom does not implement; a browser does, so these only keep it from throwing.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= function releasePointerCapture() {};

// renderConsole (console kit) renders the real shell with every console app. The kit and the
// apps sit below the shell and cannot import it, so the set-up names it, the way main.tsx
// does in production; tests that render no console never load it.
// Imported after vi.resetModules above, so the test file shares this instance of the kit's module
// (a static import would be hoisted above the reset, and the file would get a fresh one).
const { installApiMocks, provideConsoleUnderTest } =
  await import('@boon/console-kit/testing/setup');
provideConsoleUnderTest(() =>
  import('@boon/console/testing').then((module) => module.consoleUnderTest),
);

// The services are answered by typed mocks (mockEndpoint) on one MSW server per worker, which
// stands in front of fetch from here on; a call no test mocked fails the test.
installApiMocks();
