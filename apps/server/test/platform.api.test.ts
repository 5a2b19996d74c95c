import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { consoleConfigSchema } from '@boon/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessDeclarationsPlugin } from '../src/plugins/access-declarations.js';
import { startTestServer, type TestServer } from './test-server.js';

let server: TestServer;
const dist = mkdtempSync(path.join(tmpdir(), 'boon-console-dist-'));

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Boon</title><script type="application/json" id="boon-config">__BOON_CONFIG__</script>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log("hi")');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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
