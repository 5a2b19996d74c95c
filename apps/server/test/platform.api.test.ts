import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { billingService } from '@boon/billing';
import { catalogService } from '@boon/catalog';
import {
  billingApi,
  catalogApi,
  consoleConfigSchema,
  customerManagementApi,
  mailApi,
  orderingApi,
  redeemApi,
  savedCardsApi,
  type Endpoint,
} from '@boon/contracts';
import { customerManagementService, DEMO_PASSWORD } from '@boon/customer-management';
import { mailboxService } from '@boon/mail';
import { orderingService, redeemService } from '@boon/ordering';
import { savedCardsService } from '@boon/saved-cards';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessDeclarationsPlugin } from '../src/plugins/access-declarations.js';
import { consoleRequest } from './idp-test-helpers.js';
import { authorize, discover, parseForm, signIn, TestBrowser } from './oidc-client.js';
import { startTestServer, type TestServer } from './test-server.js';

interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

let server: TestServer;
const bigScript = Buffer.from(
  Array.from({ length: 200 }, (_, line) => `export const value${line} = ${line};`).join('\n'),
);
const demo = () => ({ baseUrl: server.baseUrl, password: DEMO_PASSWORD });
const dist = mkdtempSync(path.join(tmpdir(), 'boon-console-dist-'));

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Boon</title><script type="application/json" id="boon-config">__BOON_CONFIG__</script>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log("hi")');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A chunk as the build leaves it: beside it, its brotli and gzip copies (precompress.ts).
  const chunk = path.join(dist, 'assets', 'start-console-Ef56Gh78.js');
  writeFileSync(chunk, bigScript);
  writeFileSync(`${chunk}.br`, brotliCompressSync(bigScript));
  writeFileSync(`${chunk}.gz`, gzipSync(bigScript));
  server = await startTestServer({ CONSOLE_DIST: dist, PRODUCT_NAME: 'Boon' });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('health', () => {
  it('/healthz says the process is alive', async () => {
    const response = await fetch(`${server.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz says the database answers', async () => {
    const response = await fetch(`${server.baseUrl}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });
});

describe('console hosting', () => {
  it('serves index.html with the run-time config for any client route', async () => {
    for (const route of ['/', '/orders/123', '/no-such-page']) {
      const response = await fetch(`${server.baseUrl}${route}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      const json = html.match(/id="boon-config">(.*)<\/script>/)?.[1];
      const config = consoleConfigSchema.parse(JSON.parse(json ?? 'null'));
      expect(config.oidc.issuer).toBe(`${server.baseUrl}/idp`);
      expect(config.api.customerManagement).toBe('/api/customer-management');
    }
  });

  it('caches hashed assets for a year, immutably', async () => {
    const response = await fetch(`${server.baseUrl}/assets/index-Ab12Cd34.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates files that are not hashed', async () => {
    const response = await fetch(`${server.baseUrl}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('never serves the raw index.html template', async () => {
    const html = await (await fetch(`${server.baseUrl}/index.html`)).text();
    expect(html).not.toContain('__BOON_CONFIG__');
  });

  it('answers the root itself with the page, whatever the client accepts', async () => {
    // fetch always offers gzip; curl and some browsers' first request offer no encoding at all.
    for (const headers of [
      { accept: 'text/html', 'accept-encoding': 'identity' },
      { accept: '*/*', 'accept-encoding': 'gzip, br' },
    ]) {
      const response = await fetch(`${server.baseUrl}/`, { headers });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('id="boon-config"');
    }
    expect((await fetch(`${server.baseUrl}/assets/`)).status).toBe(404);
  });

  it('answers a missing asset with 404, not the page', async () => {
    expect((await fetch(`${server.baseUrl}/assets/gone-123.js`)).status).toBe(404);
  });

  it('sends security headers', async () => {
    const response = await fetch(`${server.baseUrl}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // Not no-referrer: Chromium would send `Origin: null` with the sign-in form.
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
  });
});

/** A GET that shows the answer as sent: its headers and its body still encoded. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

function decoded(answer: { headers: IncomingHttpHeaders; body: Buffer }): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return answer.body.toString('utf8');
}

describe('compression', () => {
  const accepted = 'gzip, deflate, br, zstd';

  it("sends a built file's brotli or gzip copy to a browser that takes it, the file to others", async () => {
    const url = `${server.baseUrl}/assets/start-console-Ef56Gh78.js`;
    for (const [offered, sent] of [
      [accepted, 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const answer = await rawGet(url, { 'accept-encoding': offered });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(sent);
      expect(answer.headers['content-type']).toContain('javascript');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(answer)).toBe(bigScript.toString('utf8'));
    }
    // Compressed once at build time, not again on the way out.
    const br = await rawGet(url, { 'accept-encoding': accepted });
    expect(br.body.length).toBe(brotliCompressSync(bigScript).length);
  });

  it('sends the page compressed as the browser prefers, the same page every way', async () => {
    const plain = decoded(
      await rawGet(`${server.baseUrl}/team`, { 'accept-encoding': 'identity' }),
    );
    expect(plain).toContain('id="boon-config"');
    for (const [offered, sent] of [
      [accepted, 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const answer = await rawGet(`${server.baseUrl}/team`, { 'accept-encoding': offered });
      expect(answer.headers['content-encoding']).toBe(sent);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(answer)).toBe(plain);
    }
  });

  it('compresses what the API and the sign-in pages answer at run time, above 1 KB', async () => {
    const docs = await rawGet(`${server.baseUrl}/api/docs/json`, { 'accept-encoding': accepted });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(docs))).toHaveProperty('openapi');
    const health = await rawGet(`${server.baseUrl}/healthz`, { 'accept-encoding': accepted });
    expect(health.headers['content-encoding']).toBeUndefined();

    // The sign-in form again at its interaction's address (a reload there), with its cookie.
    const browser = new TestBrowser();
    const step = await authorize(
      browser,
      await discover(server.baseUrl),
      consoleRequest(server.baseUrl),
    );
    if (step.kind !== 'page') throw new Error('expected the sign-in page');
    const entry = new URL(
      (parseForm(step.html)?.action ?? '').replace(/\/login$/, ''),
      server.baseUrl,
    );
    const signInPage = await rawGet(entry.href, {
      'accept-encoding': accepted,
      cookie: browser.cookies.header(entry) ?? '',
    });
    expect(signInPage.status).toBe(200);
    expect(signInPage.headers['content-encoding']).toBe('br');
    expect(decoded(signInPage)).toContain('<h1>Sign in to Boon</h1>');
  });

  it('never compresses a page that repeats a long-lived secret (BREACH): the CSRF-protected forms', async () => {
    const page = await rawGet(`${server.baseUrl}/idp/forgot-password?email=${'a'.repeat(2000)}`, {
      'accept-encoding': accepted,
    });
    expect(page.status).toBe(200);
    expect(page.body.length).toBeGreaterThan(1024);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body.toString('utf8')).toMatch(/name="csrf"/);
  });
});

describe('OpenAPI', () => {
  it('describes the API from the zod contracts at /api/docs/json', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs/json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/customer-management/user/me',
        '/api/customer-management/customer',
      ]),
    );
  });

  it('says where a client gets its access token: the OpenID Connect discovery that answers', async () => {
    const document = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; openIdConnectUrl?: string }> };
    };
    const discovery = document.components.securitySchemes.openIdConnect;
    expect(discovery?.type).toBe('openIdConnect');
    const answer = await fetch(discovery?.openIdConnectUrl ?? '');
    expect(answer.status).toBe(200);
    const metadata = (await answer.json()) as { issuer: string; token_endpoint: string };
    expect(metadata.issuer).toBe(server.config.oidc.issuer);
    expect(metadata.token_endpoint).toMatch(/^http/);
  });

  it('shows everyone the operations a non-staff user may call, and staff theirs with a staff token', async () => {
    const operationsIn = (document: OpenApiDocument) =>
      Object.entries(document.paths).flatMap(([url, operations]) =>
        Object.keys(operations).map(
          (method) => `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      );
    const staffOnly = server.app.apiRoutes
      .filter((route) => route.access === 'staff' && route.method !== 'HEAD')
      .filter((route) => !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`);
    expect(staffOnly).toContain('GET /api/customer-management/pending-customer');

    const staffToken = (await signIn({ ...demo(), email: 'staff@boon.test' })).accessToken;
    const ownerToken = (await signIn({ ...demo(), email: 'owner@acme.test' })).accessToken;
    const description = async (path: string, token?: string) => {
      const response = await fetch(`${server.baseUrl}${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: response.status, body: (await response.json()) as OpenApiDocument };
    };

    for (const token of [undefined, ownerToken, staffToken]) {
      const shown = operationsIn((await description('/api/docs/json', token)).body);
      expect(shown).toContain('GET /api/customer-management/user/me');
      for (const operation of staffOnly) expect(shown).not.toContain(operation);
    }
    const yaml = await (await fetch(`${server.baseUrl}/api/docs/yaml`)).text();
    expect(yaml).toContain('/api/customer-management/user/me:');
    expect(yaml).not.toContain('/api/customer-management/pending-customer/approve:');

    const full = await description('/api/docs/staff/json', staffToken);
    expect(full.status).toBe(200);
    const all = operationsIn(full.body);
    expect(all).toContain('GET /api/customer-management/user/me');
    for (const operation of staffOnly) expect(all).toContain(operation);
    expect(full.body.paths['/api/customer-management/pending-customer']?.get).toMatchObject({
      'x-access': 'staff',
    });
    expect((await description('/api/docs/staff/json', ownerToken)).status).toBe(403);
    expect((await description('/api/docs/staff/json')).status).toBe(401);
  });

  it('describes every route registered from a descriptor, and every other API route', async () => {
    const services: { basePath: string; routes: readonly { endpoint: Endpoint }[] }[] = [
      customerManagementService,
      mailboxService,
      billingService,
      savedCardsService,
      catalogService,
      orderingService,
      redeemService,
    ];
    const missing = (from: readonly string[], operations: readonly string[]) =>
      operations.filter((operation) => !from.includes(operation));

    // Every descriptor of the contracts is bound by one of these services.
    const bound = new Set(services.flatMap((service) => service.routes.map((r) => r.endpoint)));
    const descriptors: Endpoint[] = [
      customerManagementApi,
      mailApi,
      billingApi,
      savedCardsApi,
      catalogApi,
      orderingApi,
      redeemApi,
    ].flatMap((group) => Object.values(group));
    expect(descriptors.filter((e) => !bound.has(e)).map((e) => `${e.method} ${e.path}`)).toEqual(
      [],
    );

    const fromDescriptors = services.flatMap((service) =>
      service.routes.map(({ endpoint }) => ({
        operation: `${endpoint.method} ${service.basePath}${endpoint.path}`,
        staff: endpoint.access === 'staff',
      })),
    );
    const [staffOnly, forAnyone] = [
      fromDescriptors.filter((route) => route.staff).map((route) => route.operation),
      fromDescriptors.filter((route) => !route.staff).map((route) => route.operation),
    ];
    const registered = server.app.apiRoutes
      .filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`);
    expect(missing(registered, [...staffOnly, ...forAnyone])).toEqual([]);

    const operationsOf = async (path: string, token?: string) => {
      const response = await fetch(`${server.baseUrl}${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(response.status).toBe(200);
      const document = (await response.json()) as OpenApiDocument;
      return Object.entries(document.paths).flatMap(([url, operations]) =>
        Object.keys(operations).map(
          (method) => `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      );
    };
    const staffToken = (await signIn({ ...demo(), email: 'staff@boon.test' })).accessToken;
    const publicDocument = await operationsOf('/api/docs/json');
    const staffDocument = await operationsOf('/api/docs/staff/json', staffToken);

    expect(missing(publicDocument, forAnyone)).toEqual([]);
    expect(staffOnly.filter((operation) => publicDocument.includes(operation))).toEqual([]);
    // Staff read every API route, whether registered from a descriptor or not…
    expect(missing(staffDocument, registered)).toEqual([]);
    // …and nothing that is not one: no browser page of the identity provider or the sandboxes.
    expect(missing(registered, staffDocument)).toEqual([]);
  });

  it('serves the browsable documentation at /api/docs', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger');
  });
});

describe('access declarations', () => {
  it('refuse to let the app start with an API route that does not say who may call it', async () => {
    const app = Fastify();
    await app.register(accessDeclarationsPlugin);
    await app.register(
      async (scope) => {
        scope.get('/open', async () => ({ ok: true }));
        scope.get('/declared', { config: { access: 'public' } }, async () => ({ ok: true }));
      },
      { prefix: '/api/careless' },
    );
    await expect(app.ready()).rejects.toThrow(
      'Routes without config.access: GET /api/careless/open',
    );
    await app.close();
  });

  it('leave pages outside the API namespace alone', async () => {
    const app = Fastify();
    await app.register(accessDeclarationsPlugin);
    app.get('/healthcheck-of-some-plugin', async () => 'ok');
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
