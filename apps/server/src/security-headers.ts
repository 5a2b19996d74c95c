import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { ServerConfig } from './config.js';

/**
 * Helmet's defaults with a CSP that fits the console: our own scripts only, the identity
 * provider's origin for sign-in traffic, inline styles (React style attributes), no framing.
 */
export function securityHeaders(config: ServerConfig): FastifyHelmetOptions {
  const issuerOrigin = new URL(config.oidc.issuer).origin;
  const self = new URL(config.publicUrl).origin;
  const extra = issuerOrigin === self ? [] : [issuerOrigin];
  const overHttp = config.publicUrl.startsWith('http://');
  // Error reports go to the DSN's host, and session replay compresses in a blob: worker.
  const sentry = config.sentryDsn ? [new URL(config.sentryDsn).origin] : [];
  // Intro videos (and their captions) may be served from another host (HELP_VIDEOS_URL).
  const videos = /^https?:/.test(config.helpVideosUrl)
    ? [new URL(config.helpVideosUrl).origin]
    : [];
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'media-src': ["'self'", ...videos],
        'font-src': ["'self'"],
        'connect-src': ["'self'", ...extra, ...sentry],
        'worker-src': config.sentryDsn ? ["'self'", 'blob:'] : ["'self'"],
        'form-action': ["'self'", ...extra],
        'frame-ancestors': ["'none'"],
        // On plain-HTTP hosts (localhost) upgrading would break every request.
        'upgrade-insecure-requests': overHttp ? null : [],
      },
    },
    // Cross-origin isolation headers would block the provider's redirects; not needed here.
    crossOriginEmbedderPolicy: false,
    // helmet's no-referrer makes Chromium send `Origin: null` on same-origin form posts, which the
    // sign-in form's origin check must refuse; same-origin keeps referrers off other sites all
    // the same.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: overHttp ? false : undefined,
  };
}
