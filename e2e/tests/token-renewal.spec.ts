import type { Page, Route } from '@playwright/test';

import { expect, owner, sidebar, test } from '../fixtures.js';

// The provider rotates the refresh token on every use and revokes the whole grant when a used
// one comes back, so two tabs renewing with the same refresh token would sign the user out.
// The test signs in with a grant of its own rather than the worker's shared sign-in, whose
// refresh token other tests hold, and as Acme's admin, so the owner's sign-in attempts (the
// provider allows ten per e-mail address in 15 minutes) stay with the other tests.
const admin = { ...owner, email: 'admin@acme.test' };

/** The Web Lock the console's tabs take to renew (apps/console/src/auth/auth-client.ts). */
const RENEWAL_LOCK = 'boon-token-renewal';

/**
 * Takes every tab off the console, to a page of the same origin, so that no running copy of it
 * renews meanwhile (a renewal cut off by leaving the page would have rotated the refresh token
 * at the provider without the browser keeping the new one). Then makes the stored access token
 * one that expired a minute ago.
 */
async function expireStoredToken(...tabs: [Page, ...Page[]]) {
  for (const tab of tabs) await tab.goto('/readyz');
  await tabs[0].evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
    const stored = key ? localStorage.getItem(key) : null;
    if (!key || !stored) throw new Error('no signed-in user in localStorage');
    const user = JSON.parse(stored) as { expires_at: number };
    user.expires_at = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem(key, JSON.stringify(user));
  });
}

/** The paths a page's main frame visits from now on. */
function recordPaths(page: Page) {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

/** How many renewals of this origin wait for the renewal lock, seen from a page of it. */
async function renewalsWaitingForLock(route: Route) {
  return route
    .request()
    .frame()
    .evaluate(async (name) => {
      const { pending = [] } = await navigator.locks.query();
      return pending.filter((lock) => lock.name === name).length;
    }, RENEWAL_LOCK)
    .catch(() => 0);
}

test('two tabs renewing at the same moment both stay signed in, and renewal keeps working', async ({
  pageAs,
}) => {
  const first = await pageAs(admin.email, { ownGrant: true });
  const context = first.context();
  const discovery = await context.request.get('/idp/.well-known/openid-configuration');
  const { token_endpoint: tokenEndpoint } = (await discovery.json()) as { token_endpoint: string };

  await first.goto('/');
  await expect(sidebar(first)).toBeVisible();
  const second = await context.newPage();
  await second.goto('/');
  await expect(sidebar(second)).toBeVisible();

  // Every refresh grant the tabs send, with the provider's answer. The first one of a round is
  // held until the other tab is known to be renewing too: waiting for the renewal lock (the fix),
  // or with its own refresh grant on the way (as before it, when the provider then refused one).
  const answers: number[] = [];
  let refreshGrants = 0;
  let holdNext = false;
  const holdFailures: unknown[] = [];
  const otherTab: string[] = [];
  await context.route(tokenEndpoint, async (route) => {
    const form = new URLSearchParams(route.request().postData() ?? '');
    if (form.get('grant_type') !== 'refresh_token') return route.continue();
    refreshGrants += 1;
    if (holdNext) {
      holdNext = false;
      try {
        await expect
          .poll(
            async () => {
              if (refreshGrants > 1) return 'sent its own refresh grant';
              if ((await renewalsWaitingForLock(route)) > 0) return 'waits for the renewal lock';
              return 'has not started renewing';
            },
            { message: 'the other tab never started renewing' },
          )
          .not.toBe('has not started renewing');
        otherTab.push(
          refreshGrants > 1 ? 'sent its own refresh grant' : 'waits for the renewal lock',
        );
      } catch (error) {
        holdFailures.push(error);
      }
    }
    const response = await route.fetch();
    answers.push(response.status());
    await route.fulfill({ response });
  });

  // Both tabs open the console on an expired token at the same moment.
  await expireStoredToken(first, second);
  const firstPaths = recordPaths(first);
  const secondPaths = recordPaths(second);
  holdNext = true;
  await Promise.all([first.goto('/'), second.goto('/')]);

  for (const tab of [first, second]) {
    const nav = sidebar(tab);
    await expect(nav).toBeVisible();
    // The customer comes from the API, called with the renewed token.
    await expect(nav.getByText(admin.customer)).toBeVisible();
  }
  expect(holdFailures).toEqual([]);
  // The renewals overlapped: the second tab asked while the first one's was in flight.
  expect(otherTab).toEqual(['waits for the renewal lock']);
  expect(answers).toEqual([200]);
  // Neither tab was sent to sign in again on the way.
  expect(firstPaths.filter((path) => path !== '/')).toEqual([]);
  expect(secondPaths.filter((path) => path !== '/')).toEqual([]);

  // The grant survived: the next renewal works, and the other tab then uses its result.
  await expireStoredToken(first, second);
  await first.goto('/');
  await expect(sidebar(first).getByText(admin.customer)).toBeVisible();
  expect(answers).toEqual([200, 200]);
  await second.goto('/');
  await expect(sidebar(second).getByText(admin.customer)).toBeVisible();
  expect(answers).toEqual([200, 200]);
  expect(firstPaths.filter((path) => path !== '/' && path !== '/readyz')).toEqual([]);
  expect(secondPaths.filter((path) => path !== '/' && path !== '/readyz')).toEqual([]);
});
