import { getConsoleConfig } from '@boon/console-kit';
import { handOffToSignIn } from './auth/sign-in-hand-off';

/**
 * The console's entry, kept small on purpose: a visit that is only on its way to the provider's
 * sign-in (/login, or / when signed out) goes there with this file's few kilobytes of script;
 * everything else loads the console (start-console.tsx and its stylesheet) and starts it. The
 * "Getting set up" screen of index.html shows meanwhile.
 */
async function main(container: HTMLElement): Promise<void> {
  let handedOff = false;
  try {
    handedOff = await handOffToSignIn(getConsoleConfig());
  } catch {
    // An unreadable configuration: the console starts and says so.
  }
  if (handedOff) return;
  let startConsole: typeof import('./app/start-console').startConsole;
  // The start-up screen first: the server has the console's code downloading already (its
  // preloads, apps/server/src/plugins/console-hosting.ts), and running it takes the main thread
  // for a while, which would otherwise hold the screen's first paint back.
  await afterNextPaint();
  warmUpIntl();
  try {
    ({ startConsole } = await import('./app/start-console'));
  } catch (error) {
    console.error('The console could not be loaded', error);
    showLoadFailure(container);
    return;
  }
  await startConsole(container);
}

/**
 * The browser's first use of Intl loads its locale and timezone data: 50 to 100 ms on one task
 * here. Every signed-in page formats a date or an amount, so that load would otherwise land in
 * the middle of the page's first render. Done now, in a task of its own, it overlaps the
 * download of the console's code, when the main thread has nothing else to do.
 */
function warmUpIntl(): void {
  setTimeout(() => {
    try {
      void new Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      // Only a head start: a browser without Intl's timezones fails later, where it is handled.
    }
  }, 0);
}

/** Resolves once the page has painted, or after a moment in a tab that does not paint (hidden). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(fallback);
      resolve();
    };
    const fallback = setTimeout(done, 100);
    requestAnimationFrame(() => setTimeout(done, 0));
  });
}

/** Without the console's code there is no React to render with: plain DOM, the boot screen's look. */
function showLoadFailure(container: HTMLElement): void {
  const main = document.createElement('main');
  main.className = 'boot';
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.textContent = 'The console could not be loaded';
  const advice = document.createElement('p');
  advice.textContent = 'Check your connection, then reload the page.';
  box.append(title, advice);
  main.append(box);
  container.replaceChildren(main);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void main(container);
