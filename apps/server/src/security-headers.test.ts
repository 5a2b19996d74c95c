import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { securityHeaders } from './security-headers.js';

function directives(env: Record<string, string>) {
  const options = securityHeaders(loadConfig(env));
  const csp = options.contentSecurityPolicy;
  if (!csp || typeof csp !== 'object') throw new Error('no CSP');
  return csp.directives as Record<string, string[] | null>;
}

describe('the content security policy', () => {
  it('keeps everything on our own origin by default', () => {
    const d = directives({});
    expect(d['connect-src']).toEqual(["'self'"]);
    expect(d['media-src']).toEqual(["'self'"]);
    expect(d['worker-src']).toEqual(["'self'"]);
  });

  it("lets error reports reach the DSN's host, and replay its blob: worker, only with a DSN", () => {
    const d = directives({ SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2' });
    expect(d['connect-src']).toEqual(["'self'", 'https://o1.ingest.sentry.io']);
    expect(d['worker-src']).toEqual(["'self'", 'blob:']);
  });

  it('plays intro videos from the host HELP_VIDEOS_URL names', () => {
    const d = directives({ HELP_VIDEOS_URL: 'https://cdn.example.com/boon/videos' });
    expect(d['media-src']).toEqual(["'self'", 'https://cdn.example.com']);
  });
});
