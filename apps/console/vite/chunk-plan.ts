import path from 'node:path';
import type { Rollup } from 'vite';
import { modulesRunBy } from './modules-run-by';

const consoleRoot = path.resolve(import.meta.dirname, '..');
const consoleSource = (file: string) => path.join(consoleRoot, 'src', file);

/**
 * The entry (the sign-in hand-off) and the console's start, its one dynamic import: what the
 * first screen loads.
 */
const firstScreenEntries = [consoleSource('main.tsx'), consoleSource('app/start-console.tsx')];

/**
 * What every signed-in page runs before it can show, beyond the console's start: the signed-in
 * shell (API client, session, guards) with the onboarding gate, and the layout. The session's
 * chunk is the small one, so that its requests to the API go out while the layout and the page
 * are still downloading.
 */
const sessionEntries = [
  consoleSource('app/signed-in-shell.ts'),
  consoleSource('app/onboarding-gate/enter-signed-in-area.ts'),
];
const layoutEntry = consoleSource('app/routes/authenticated-layout.lazy.tsx');

/** Home, where every sign-in lands. */
const homeEntry = consoleSource('app/routes/home.lazy.tsx');

/** The console app (console-apps/<app>) a module belongs to, if any. */
export function consoleAppOf(id: string): string | undefined {
  return /\/console-apps\/([^/]+)\/src\//.exec(id)?.[1];
}

/**
 * The most code (as transformed, before minifying) of a shared module that travels with the
 * layout. Up to 8,000 characters (form fields, a drawer, the pager, date formatting): Team went
 * from 24 chunks to 13 and Lighthouse's mobile Team score from a median of 79 to 88 (5 runs each),
 * Home unchanged (91 and 93) for the layout's 40 KB more. Every chunk is a request and a module
 * preload the page's main thread starts and compiles, each costing it a few milliseconds under
 * Lighthouse's 4x CPU; at 1,200 characters the small shared modules were each a chunk.
 */
const SMALL_MODULE_CHARS = 8_000;

const isZod = (id: string) => /\/node_modules\/zod\//.test(id);

/** What a form is made with: zod, react-hook-form and its resolvers, the console's form kit. */
const isFormLibrary = (id: string) =>
  isZod(id) ||
  /\/node_modules\/(react-hook-form|@hookform\/resolvers)\//.test(id) ||
  /\/packages\/console-kit\/src\/forms\//.test(id);

/**
 * The modules of a console app that only its forms need: those importing a form library
 * themselves, those importing such a module (a screen with its form), and the app's modules that
 * only they run. A list screen that opens its forms on demand (Team's dialogs) then loads neither
 * them nor zod (about 43 KB gzip) before it can show.
 */
function formsOf(appModules: readonly string[], getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const imports = (id: string) => getModuleInfo(id)?.importedIds ?? [];
  const forms = new Set(appModules.filter((id) => imports(id).some(isFormLibrary)));
  for (let grown = true; grown;) {
    grown = false;
    for (const id of appModules) {
      if (!forms.has(id) && imports(id).some((next) => forms.has(next))) {
        forms.add(id);
        grown = true;
      }
    }
  }
  const inApp = new Set(appModules);
  const runByRest = modulesRunBy(
    appModules.filter((id) => !forms.has(id)),
    getModuleInfo,
  ).run;
  for (const id of modulesRunBy([...forms], getModuleInfo).run) {
    if (inApp.has(id) && !runByRest.has(id)) forms.add(id);
  }
  return forms;
}

/**
 * A console app's manifest: its src/index.ts and the modules of the app that imports
 * statically (the route definitions), which the shell's entry loads. Found by walking the module
 * graph rather than by file names, so no naming convention has to be kept for it.
 */
function manifestOf(app: string, getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id) || consoleAppOf(id) !== app) return;
    found.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(path.resolve(consoleRoot, '../../console-apps', app, 'src/index.ts'));
  return found;
}

/**
 * Which chunk each module goes to, where the console decides rather than Rollup:
 *
 * - `zod`: zod, which only screens validating with contract schemas load; if the console's start
 *   ever imports it at run time, the size budget sees it by name.
 * - `app-<app>`: each console app's modules but its manifest (spec 2.5's separately loaded
 *   applications; the manifest's route definitions load with the shell's entry), with the
 *   libraries no other screen runs. The screens keep their own import() each, so tests and
 *   `vite dev` load only the screen they show.
 * - `app-<app>-forms`: the app's modules that only its forms run (formsOf), and the libraries
 *   only they run.
 * - `session`: what the signed-in area's entry check runs beyond the console's start (API client,
 *   session, guards, onboarding gate): small, so the session's calls to the API go out while the
 *   rest is still downloading.
 * - `signed-in`: the layout, with the libraries it runs and the small ones several screens share.
 * - `home`: Home, with the libraries no other screen runs.
 *
 * Left to Rollup, the modules came apart by which screens share them (an icon, a store, a form
 * control each): a first visit to Team asked for about forty-five chunks, six at a time over
 * HTTP/1.1, each costing a round trip, and the API's answers waited behind them for a
 * connection. Grouped by who runs them, the pages ask for a third as many, and still download
 * nothing they do not run. Modules are followed by the names they import (modulesRunBy), so a
 * package's index brings only the files whose exports are used.
 *
 * Every chunk named here holds a module loaded with import() (a screen, the layout, the entry
 * check) or depends on nothing the console's start has (zod): Rollup treats any other manual
 * chunk as an entry of its own that may load first, and then splits the console's start apart.
 */
export function chunkPlan(
  getModuleIds: () => IterableIterator<string>,
  getModuleInfo: Rollup.GetModuleInfo,
): Map<string, string> {
  const plan = new Map<string, string>();
  const ids = [...getModuleIds()];
  const apps = [...new Set(ids.map(consoleAppOf).filter((app) => app !== undefined))].sort();

  for (const id of ids) if (isZod(id)) plan.set(id, 'zod');
  for (const app of apps) {
    const manifest = manifestOf(app, getModuleInfo);
    const appModules = ids.filter((id) => consoleAppOf(id) === app && !manifest.has(id));
    const forms = formsOf(appModules, getModuleInfo);
    for (const id of appModules) plan.set(id, forms.has(id) ? `app-${app}-forms` : `app-${app}`);
  }

  const started = modulesRunBy(firstScreenEntries, getModuleInfo).visited;
  const unplanned = (id: string) =>
    !plan.has(id) && !started.has(id) && !id.startsWith('\0') && consoleAppOf(id) === undefined;

  for (const id of modulesRunBy(sessionEntries, getModuleInfo).run) {
    if (unplanned(id)) plan.set(id, 'session');
  }
  for (const id of modulesRunBy([layoutEntry], getModuleInfo).run) {
    if (unplanned(id)) plan.set(id, 'signed-in');
  }

  // The screens: the console's lazily loaded modules but the session's and the layout's (not
  // what loads only on demand from a library, such as Sentry with a DSN).
  const screens = ids.filter(
    (id) =>
      (getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0 &&
      !id.includes('/node_modules/') &&
      !sessionEntries.includes(id) &&
      id !== layoutEntry,
  );
  const screensRunning = new Map<string, number>();
  for (const screen of screens) {
    for (const id of modulesRunBy([screen], getModuleInfo).run) {
      screensRunning.set(id, (screensRunning.get(id) ?? 0) + 1);
    }
  }

  // Each app's own libraries join its chunk; Home takes what it runs that no app does (what it
  // shares with Help or Settings, say, which then load Home's chunk too: it is small, and where
  // every sign-in lands). What an app shares with other screens stays Rollup's to place. What
  // only the app's forms run goes with them; what the rest of the app runs too, with the rest
  // (the forms' chunk loads after it in any case).
  for (const app of apps) {
    const own = (id: string) => consoleAppOf(id) === app;
    const others = modulesRunBy(
      screens.filter((id) => !own(id)),
      getModuleInfo,
    ).run;
    const runByMain = modulesRunBy(
      ids.filter((id) => plan.get(id) === `app-${app}`),
      getModuleInfo,
    ).run;
    for (const id of modulesRunBy(ids.filter(own), getModuleInfo).run) {
      if (unplanned(id) && !others.has(id)) {
        plan.set(id, runByMain.has(id) ? `app-${app}` : `app-${app}-forms`);
      }
    }
  }
  const runByApps = modulesRunBy(
    ids.filter((id) => consoleAppOf(id) !== undefined),
    getModuleInfo,
  ).run;
  for (const id of modulesRunBy([homeEntry], getModuleInfo).run) {
    if (unplanned(id) && !runByApps.has(id)) plan.set(id, 'home');
  }
  // Small modules several screens still share (an icon, a badge, a form field) join the layout:
  // each would otherwise be a chunk of its own costing a round trip and a module preload. Only
  // those whose own imports are there already, so the layout never pulls in another chunk (zod's,
  // say); never a screen itself.
  const small = new Set(
    [...screensRunning]
      .filter(
        ([id, count]) =>
          count > 1 &&
          unplanned(id) &&
          !screens.includes(id) &&
          (getModuleInfo(id)?.code?.length ?? Infinity) <= SMALL_MODULE_CHARS,
      )
      .map(([id]) => id),
  );
  const inLayout = (id: string) =>
    started.has(id) || plan.get(id) === 'session' || plan.get(id) === 'signed-in' || small.has(id);
  for (let changed = true; changed;) {
    changed = false;
    for (const id of small) {
      const needs = modulesRunBy([id], getModuleInfo).run;
      if ([...needs].every((need) => need.startsWith('\0') || inLayout(need))) continue;
      small.delete(id);
      changed = true;
    }
  }
  for (const id of small) plan.set(id, 'signed-in');
  return plan;
}
