import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * The server answers only for its public origin (PUBLIC_URL). The identity provider builds every
 * URL it publishes from the request's host, so a request naming another host must not reach it.
 */

interface RawAnswer {
  status: number;
  body: string;
}

/** A GET with headers fetch() will not send as given (Host). */
function get(base: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'GET', headers },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const DISCOVERY = '/idp/.well-known/openid-configuration';
const misdirected = {
  status: 421,
  code: 'misdirected_request',
  message: expect.stringMatching(/^This server does not answer for that address\./),
};

describe('a server without a proxy in front', () => {
  let server: TestServer;
  let publicHost: string;
  beforeAll(async () => {
    server = await startTestServer();
    publicHost = new URL(server.baseUrl).host;
  });
  afterAll(() => server?.close());

  it('publishes its discovery for its own host', async () => {
    const answer = await get(server.baseUrl, DISCOVERY, { host: publicHost });
    expect(answer.status).toBe(200);
    const discovery = JSON.parse(answer.body) as Record<string, unknown>;
    expect(discovery.authorization_endpoint).toBe(`${server.baseUrl}/idp/auth`);
  });

  it.each(['evil.example', '127.0.0.1:1'])(
    'refuses a request for %s, naming no other host',
    async (host) => {
      const answer = await get(server.baseUrl, DISCOVERY, { host });
      expect(answer.status).toBe(421);
      expect(JSON.parse(answer.body)).toEqual(misdirected);
      expect(answer.body).not.toContain(host);
    },
  );

  it('ignores a forwarded host, as it trusts no proxy', async () => {
    const answer = await get(server.baseUrl, DISCOVERY, {
      host: publicHost,
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain('evil.example');
    expect(answer.body).not.toContain('https:');
  });

  it('refuses another host on pages and the API too', async () => {
    for (const path of ['/', '/login', '/api/customer-management/user/me', '/idp/auth']) {
      const answer = await get(server.baseUrl, path, { host: 'evil.example' });
      expect(answer.status, path).toBe(421);
    }
  });

  it('answers health checks whatever the host, as load balancers probe by address', async () => {
    for (const path of ['/healthz', '/readyz']) {
      expect((await get(server.baseUrl, path, { host: '10.1.2.3:8080' })).status, path).toBe(200);
    }
  });
});

describe('a server behind a proxy it trusts', () => {
  let server: TestServer;
  const publicUrl = 'https://boon.example';
  beforeAll(async () => {
    // The proxy is this machine (loopback), and it forwards the public host and scheme.
    server = await startTestServer({ PUBLIC_URL: publicUrl, TRUST_PROXY: 'loopback' });
  });
  afterAll(() => server?.close());

  const internalBase = () => `http://127.0.0.1:${server.config.port}`;

  it('publishes its discovery for the forwarded public host', async () => {
    const answer = await get(internalBase(), DISCOVERY, {
      host: `127.0.0.1:${server.config.port}`,
      'x-forwarded-host': 'boon.example',
      'x-forwarded-proto': 'https',
    });
    expect(answer.status).toBe(200);
    const discovery = JSON.parse(answer.body) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${publicUrl}/idp`);
    expect(discovery.authorization_endpoint).toBe(`${publicUrl}/idp/auth`);
  });

  it('refuses another forwarded host, even with the right Host header', async () => {
    const answer = await get(internalBase(), DISCOVERY, {
      host: 'boon.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(answer.status).toBe(421);
    expect(answer.body).not.toContain('evil.example');
  });

  it('takes the host the nearest proxy set, not one a client put in front of it', async () => {
    // The proxy appends to what the client sent; only the last entry is the proxy's.
    const answer = await get(internalBase(), DISCOVERY, {
      host: `127.0.0.1:${server.config.port}`,
      'x-forwarded-host': 'evil.example, boon.example',
      'x-forwarded-proto': 'http, https',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain('evil.example');
    expect(answer.body).not.toContain('http://boon.example');
  });
});

describe('a server behind a proxy at another address', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Requests from loopback come straight from clients, not from the trusted proxy.
    server = await startTestServer({ TRUST_PROXY: '10.0.0.1' });
  });
  afterAll(() => server?.close());

  it('ignores forwarded headers from a client that is not the proxy', async () => {
    const answer = await get(server.baseUrl, DISCOVERY, {
      host: new URL(server.baseUrl).host,
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(answer.status).toBe(200);
    const discovery = JSON.parse(answer.body) as Record<string, unknown>;
    expect(discovery.authorization_endpoint).toBe(`${server.baseUrl}/idp/auth`);
  });
});
