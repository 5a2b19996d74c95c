import type { FastifyRequest } from 'fastify';

/**
 * What a request log line says about the request. Query strings stay out: on this origin they
 * carry authorization codes (/auth/callback), ID tokens (/idp/session/end?id_token_hint=) and
 * e-mail addresses (login_hint). Headers are never logged.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?', 1)[0],
    host: request.host,
    remoteAddress: request.ip,
  };
}
