import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has embedded defaults for one origin on :8080', () => {
    const config = loadConfig({}, '/srv/boon');
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.oidc).toEqual({
      issuer: 'http://localhost:8080/idp',
      clientId: 'boon-console',
      audience: 'http://localhost:8080/api',
      scope: 'openid email profile',
    });
    expect(config.idp.enabled).toBe(true);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/boon/data' });
    expect(config.seedDemo).toBe(true);
    expect(config.productName).toBe('Boon');
  });

  it('reports errors nowhere and serves the bundled help videos by default', () => {
    const config = loadConfig({});
    expect(config.sentryDsn).toBeNull();
    expect(config.helpVideosUrl).toBe('/help-videos');
  });

  it('takes a Sentry DSN and another home for the help videos', () => {
    const config = loadConfig({
      SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2',
      HELP_VIDEOS_URL: 'https://cdn.example.com/boon/videos',
    });
    expect(config.sentryDsn).toBe('https://key@o1.ingest.sentry.io/2');
    expect(config.helpVideosUrl).toBe('https://cdn.example.com/boon/videos');
  });

  it.each([
    ['SENTRY_DSN', 'not a url'],
    ['HELP_VIDEOS_URL', '/videos/'],
    ['HELP_VIDEOS_URL', 'videos'],
    ['HELP_VIDEOS_URL', '//cdn.example.com/videos'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('moves the console, API and issuer together with PORT', () => {
    const config = loadConfig({ PORT: '9090' });
    expect(config.publicUrl).toBe('http://localhost:9090');
    expect(config.oidc.issuer).toBe('http://localhost:9090/idp');
    expect(config.oidc.audience).toBe('http://localhost:9090/api');
  });

  it('moves them to another host with PUBLIC_URL', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://console.example.com/', TRUST_PROXY: '1' });
    expect(config.publicUrl).toBe('https://console.example.com');
    expect(config.oidc.issuer).toBe('https://console.example.com/idp');
  });

  it.each([
    'javascript:alert(1)',
    'ftp://files.example.com',
    'https://example.com/sub',
    'https://example.com/?x=1',
    'https://user:pw@example.com',
  ])('refuses PUBLIC_URL %s: it must be a bare http(s) origin', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value, TRUST_PROXY: '1' })).toThrow(
      /PUBLIC_URL: must be an http\(s\) origin/,
    );
  });

  it('needs the TLS-terminating proxy named when PUBLIC_URL is https', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://boon.example.com' })).toThrow(
      /TRUST_PROXY: must name the TLS-terminating proxy/,
    );
  });

  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['loopback, 10.0.0.0/8, ::1', ['loopback', '10.0.0.0/8', '::1']],
  ])('reads TRUST_PROXY=%s as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', 'yes', '10.0.0.0/33', 'proxy.example.com'])(
    'refuses TRUST_PROXY=%s: trusting every hop lets clients forge their address',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: must be false, the number of proxies/,
      );
    },
  );

  it('points at another provider and turns the embedded one off', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://login.example.com/',
      OIDC_CLIENT_ID: 'console',
      OIDC_AUDIENCE: 'https://api.example.com',
    });
    // Kept to the letter: tokens' `iss` is compared exactly, trailing slash and all.
    expect(config.oidc.issuer).toBe('https://login.example.com/');
    expect(config.oidc.clientId).toBe('console');
    expect(config.oidc.audience).toBe('https://api.example.com');
    expect(config.idp.enabled).toBe(false);
  });

  it('keeps the embedded provider when OIDC_ISSUER names it, slash or not', () => {
    const config = loadConfig({ OIDC_ISSUER: 'http://localhost:8080/idp/' });
    expect(config.idp.enabled).toBe(true);
    expect(config.oidc.issuer).toBe('http://localhost:8080/idp');
  });

  it('shows mail bodies to staff only when asked, and never in production', () => {
    expect(loadConfig({}, '/srv/boon').mailbox.showBodies).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }, '/srv/boon').mailbox.showBodies).toBe(false);
    expect(loadConfig({ MAILBOX_SHOW_BODIES: 'true' }, '/srv/boon').mailbox.showBodies).toBe(true);
    expect(
      loadConfig(
        { MAILBOX_SHOW_BODIES: 'true', NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example' },
        '/srv/boon',
      ).mailbox.showBodies,
    ).toBe(false);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/boon' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/boon',
    });
  });

  it('seeds the published demo accounts by default only into the local embedded database', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:9000' }).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/boon' }).seedDemo).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://boon.example.com', TRUST_PROXY: '1' }).seedDemo).toBe(
      false,
    );
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@db:5432/boon', SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(8080);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://db/boon'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_DEMO', 'maybe'],
    ['OIDC_ISSUER', 'nope'],
    ['OIDC_ISSUER', 'ftp://login.example.com'],
    ['OIDC_AUDIENCE', 'just words'],
    ['PASSWORD_HASH_COST', '9'],
    ['PASSWORD_HASH_COST', '21'],
    ['PASSWORD_HASH_COST', '12.5'],
  ])('stops with a message naming %s for a bad value', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}: `),
    );
  });

  it('never seeds demo data in production, and refuses to be told to', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example.com:587' };
    expect(loadConfig({ NODE_ENV: 'production', ...smtp }).seedDemo).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', ...smtp })).toThrow(
      /SEED_DEMO: demo data is refused/,
    );
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('hashes new passwords at scrypt N=2^15 unless told, and never cheaper in production', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example.com:587' };
    expect(loadConfig({}).passwordHashCost).toBe(15);
    expect(loadConfig({ PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    expect(loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '17', ...smtp })).toMatchObject(
      { passwordHashCost: 17 },
    );
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '14', ...smtp })).toThrow(
      /PASSWORD_HASH_COST: must be at least 15 when NODE_ENV=production/,
    );
  });

  it('requires SMTP in production, where the outbox must not be how mail is read', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL: is required when NODE_ENV=production/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtps://u:p@mail.example.com' }).mail,
    ).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.com' });
    expect(loadConfig({}).mail.smtpUrl).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
  });
});
