import { randomBytes, timingSafeEqual } from 'node:crypto';
import type {} from '@fastify/rate-limit';
import { firstUnsafeField } from '@boon/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The hidden field that carries the CSRF token of a page outside a sign-in interaction. */
export const CSRF_FIELD = 'csrf';
const CSRF_COOKIE = 'idp_csrf';
const CSRF_BYTES = 32;

/** Room for a few fields at their longest, encoded, with plenty to spare. */
export const MAX_FORM_BYTES = 16 * 1024;
export const MAX_EMAIL_LENGTH = 254;

/** An HTML page; the app's helmet has set the security headers (CSP, nosniff, ...) already. */
export function sendPage(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}

/** A cookie of the request, by name (no @fastify/cookie in this app: a header is enough). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator <= 0) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * CSRF protection for the provider's forms that live outside a sign-in interaction (resend the
 * verification mail, forgot and reset password, two-factor settings): a double-submit token. The
 * page sets a random value in an HttpOnly, SameSite=Strict cookie scoped to the provider's path
 * and repeats it in a hidden field; a post must carry both, equal. Another site can neither read
 * the cookie nor make the browser send it cross-site. `sameOrigin` below checks the Origin
 * header as well, as the sign-in form does.
 */
export function csrfToken(request: FastifyRequest, reply: FastifyReply, basePath: string): string {
  const existing = readCookie(request, CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(CSRF_BYTES).toString('base64url');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${CSRF_COOKIE}=${token}; Path=${basePath || '/'}; HttpOnly; SameSite=Strict${secure}`,
  );
  return token;
}

/** Whether a posted form carries the CSRF token of its browser's cookie. */
export function csrfValid(request: FastifyRequest, form: Record<string, unknown>): boolean {
  const cookie = readCookie(request, CSRF_COOKIE);
  const field = form[CSRF_FIELD];
  if (!cookie || typeof field !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(field);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** No Origin header (older browsers, same-origin GET-initiated posts) or our own origin. */
export function sameOrigin(request: FastifyRequest, expectedOrigin: string): boolean {
  const origin = request.headers.origin;
  return origin === undefined || origin === expectedOrigin;
}

export function formOf(body: unknown): Record<string, unknown> {
  return isRecord(body) ? body : {};
}

/**
 * What a form says when a field holds a NUL or a broken character: no address or password has
 * one, and such text would break the lookups, links and mails that follow.
 */
export const UNSAFE_FORM_TEXT =
  'The form contains a character that cannot be used (a NUL or a broken character). Type your details again and send the form.';

/** The first field of a posted form holding text no field may hold, if any. */
export function unsafeFormField(form: Record<string, unknown>): string | undefined {
  return firstUnsafeField(form);
}

export function stringParam(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** An e-mail address as the forms use it: trimmed, at most 254 long. */
export function emailParam(value: unknown): string {
  return stringParam(value).trim().slice(0, MAX_EMAIL_LENGTH);
}

/**
 * A rate-limit key for the address a form posts, normalised as sign-in looks it up, so spellings
 * of one address count together.
 */
export function emailRateLimitKey(prefix: string) {
  return (request: FastifyRequest) =>
    `${prefix}:${emailParam(formOf(request.body).email).toLowerCase()}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A limiter from @fastify/rate-limit's `createRateLimit`. */
export type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Counts the request against each limit in turn; returns the seconds to wait when one is over
 * (setting Retry-After), or undefined when all allow it.
 */
export async function exceededLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: Limiter[],
): Promise<number | undefined> {
  for (const limit of limits) {
    const outcome = await limit(request);
    if (outcome.isAllowed || !outcome.isExceeded) continue;
    const seconds = Math.max(1, outcome.ttlInSeconds);
    reply.header('retry-after', String(seconds));
    return seconds;
  }
  return undefined;
}
