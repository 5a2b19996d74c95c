import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * Run-time compression of what the app answers itself (the API's JSON, the identity provider's
 * pages), with @fastify/compress on every route:
 * - brotli at quality 4 (quality 11 costs more CPU per answer than the bytes it saves) or gzip,
 *   whichever the browser prefers; nothing under 1 KB, where the headers weigh more;
 * - never twice: an answer that already has a Content-Encoding (the console's precompressed
 *   files, see console-hosting.ts) passes through, and so do formats that are compressed
 *   already (images, video, fonts: not in the compressible types);
 * - only answers: request bodies are not inflated, so a small compressed body can never unpack
 *   into a large one behind the body limits.
 *
 * BREACH (an attacker who can make a victim's browser send requests, and see the sizes of the
 * encrypted answers, recovers a secret from a compressed answer that also reflects the attacker's
 * input) decides what stays uncompressed:
 * - the API's answers are safe to compress: the API reads its credentials from the
 *   Authorization header only, which the console adds from its own storage. Another site cannot
 *   make a browser send an authenticated API request, so it cannot probe any answer's size;
 * - the provider's pages carry cookies, so another site can open them in the victim's browser.
 *   The sign-in, sign-up and second-factor pages of an interaction hold no secret that outlives
 *   the request (the interaction's id changes with every authorization request, and the CSRF
 *   defence there is the Origin check plus the interaction cookie), so they are compressed. The
 *   pages that repeat a long-lived secret next to what the URL says (the CSRF token of the
 *   e-mail and password-reset forms, the authenticator key of the two-factor settings) are sent
 *   uncompressed: their routes say `UNCOMPRESSED` (email-routes.ts, two-factor-routes.ts);
 * - oidc-provider's own answers (tokens, discovery, keys) bypass Fastify's reply and are never
 *   compressed.
 */
export const responseCompression: FastifyCompressOptions = {
  global: true,
  globalDecompression: false,
  encodings: ['br', 'gzip'],
  threshold: 1024,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
};

/** Route option of a page that repeats a long-lived secret: never compressed (see above). */
export const UNCOMPRESSED = { compress: false } as const;
