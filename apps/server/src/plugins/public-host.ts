import { errorBody } from '@boon/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface PublicHostOptions {
  /** PUBLIC_URL: the one origin the product is served at. */
  publicUrl: string;
  /** Paths answered whatever the host: load balancers and orchestrators probe by address. */
  anyHostPaths: readonly string[];
}

/**
 * Refuses (421 Misdirected Request) every request for a host other than PUBLIC_URL's. The
 * identity provider builds the URLs it publishes (discovery, redirects, the issuer's endpoints)
 * from the request's host, so a forged Host header would otherwise make it advertise another
 * site's addresses; pages and the API have no business answering for another name either.
 *
 * The host is the one Fastify reports: the Host header, or X-Forwarded-Host only when the request
 * came from a proxy TRUST_PROXY names (its last entry, the one that proxy set).
 */
export const publicHostPlugin = fp<PublicHostOptions>(async (app: FastifyInstance, options) => {
  const publicUrl = new URL(options.publicUrl);
  const anyHost = new Set(options.anyHostPaths);
  app.addHook('onRequest', async (request, reply) => {
    if (anyHost.has(pathOf(request))) return;
    if (sameHost(request.host, publicUrl)) return;
    request.log.info({ host: request.host }, 'request for another host refused');
    const body = errorBody('misdirected_request');
    return reply.code(body.status).header('cache-control', 'no-store').send(body);
  });
});

function pathOf(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

/** Whether `host` (host[:port], as a request names it) is `publicUrl`'s, default port or not. */
export function sameHost(host: string, publicUrl: URL): boolean {
  if (!host || /[/?#@\\\s]/.test(host)) return false;
  const parsed = URL.parse(`${publicUrl.protocol}//${host}`);
  return parsed !== null && parsed.host === publicUrl.host;
}
