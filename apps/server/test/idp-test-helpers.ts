import { and, desc, eq, outboxMails, sql, type Database } from '@boon/db';
import axe from 'axe-core';
import { JSDOM } from 'jsdom';
import { expect } from 'vitest';
import {
  newAuthorizationRequest,
  parseForm,
  type AuthorizationRequest,
  type ProviderMetadata,
  type Step,
  type TestBrowser,
} from './oidc-client.js';

/**
 * Helpers for the identity provider's page flows (sign-up, verification, reset, two-factor):
 * mails from the outbox, authorization requests with extra parameters, pages checked by axe.
 */

export type Page = Extract<Step, { kind: 'page' }>;

export function expectPage(step: Step): Page {
  if (step.kind !== 'page') throw new Error(`expected a page, got a redirect to ${step.url.href}`);
  return step;
}

export function expectCallback(step: Step): URL {
  if (step.kind !== 'callback') {
    throw new Error(
      `expected the callback, got a page (${step.status}): ${step.html.slice(0, 400)}`,
    );
  }
  return step.url;
}

/** A new code-flow request of the console, as the tests' oidc-client builds them. */
export function consoleRequest(baseUrl: string): AuthorizationRequest {
  return newAuthorizationRequest({
    clientId: 'boon-console',
    redirectUri: `${baseUrl}/auth/callback`,
  });
}

/** authorize() with any extra query parameters, such as the console's `screen_hint=signup`. */
export async function authorizeWith(
  browser: TestBrowser,
  provider: ProviderMetadata,
  request: AuthorizationRequest,
  extra: Record<string, string>,
): Promise<Step> {
  const url = new URL(provider.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: request.scope,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  return browser.walk(url, { stopAt: request.redirectUri });
}

/** Posts the page's form (the first, or the one with `id`) with `fields` over its own values. */
export async function submit(
  browser: TestBrowser,
  page: Page,
  fields: Record<string, string>,
  options: { stopAt?: string; headers?: Record<string, string> } = {},
): Promise<Step> {
  const form = parseForm(page.html);
  if (!form) throw new Error(`no form on ${page.url.href} (status ${page.status})`);
  const response = await browser.postForm(
    new URL(form.action, page.url),
    { ...form.fields, ...fields },
    options.headers,
  );
  return browser.follow(response, options.stopAt ? { stopAt: options.stopAt } : {});
}

export interface StoredMail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The mails of `kind` to `to` in the outbox, newest first. */
export async function mailsTo(db: Database, to: string, kind: string): Promise<StoredMail[]> {
  const rows = await db
    .select()
    .from(outboxMails)
    .where(and(eq(outboxMails.to, to), eq(outboxMails.kind, kind)))
    .orderBy(desc(outboxMails.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    text: row.text ?? '',
    html: row.html ?? '',
  }));
}

/** The one link of a mail (its button), read from the plain-text body. */
export function linkIn(mail: StoredMail): URL {
  const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
  expect(new Set(links).size).toBe(1);
  return new URL(links[0]!);
}

/** The page's main heading, as text. */
export function headingOf(html: string): string | undefined {
  const match = html.match(/<h1>([\s\S]*?)<\/h1>/);
  return match?.[1]?.replace(/\s+/g, ' ').trim();
}

/** The hrefs of the page's links, by their text. */
export function linksOf(html: string): Record<string, string> {
  const links: Record<string, string> = {};
  for (const match of html.matchAll(/<a href="([^"]*)">([\s\S]*?)<\/a>/g)) {
    links[match[2]!.replace(/\s+/g, ' ').trim()] = match[1]!.replaceAll('&amp;', '&');
  }
  return links;
}

/**
 * The WCAG A/AA violations axe finds in a whole page, in jsdom (no layout, so colour contrast
 * is the browser's to judge). An empty list is a clean page.
 */
export async function pageViolations(html: string): Promise<string[]> {
  const dom = new JSDOM(html, { runScripts: 'outside-only', url: 'http://localhost/' });
  try {
    dom.window.eval(axe.source);
    const run = (dom.window as unknown as { axe: typeof axe }).axe;
    const { violations } = await run.run(dom.window.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    return violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  } finally {
    dom.window.close();
  }
}

/** The states of the `queue` jobs queued for `email` (pg-boss keeps finished ones a while). */
export async function mailJobStates(db: Database, queue: string, email: string): Promise<string[]> {
  const result = await db.execute(
    sql`select state from pgboss.job where name = ${queue} and data->>'email' = ${email}`,
  );
  return (result as unknown as { rows: { state: string }[] }).rows.map((row) => row.state);
}

/** Waits until the server's worker has run every queued `queue` job. */
export async function mailJobsDone(db: Database, queue: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const result = await db.execute(
          sql`select count(*)::int as waiting from pgboss.job where name = ${queue} and state in ('created', 'retry', 'active')`,
        );
        return (result as unknown as { rows: { waiting: number }[] }).rows[0]?.waiting;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(0);
}
