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

  it('moves the console, API and issuer together with PORT', () => {
    const config = loadConfig({ PORT: '9090' });
    expect(config.publicUrl).toBe('http://localhost:9090');
    expect(config.oidc.issuer).toBe('http://localhost:9090/idp');
    expect(config.oidc.audience).toBe('http://localhost:9090/api');
  });

  it('moves them to another host with PUBLIC_URL', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://console.example.com/' });
    expect(config.publicUrl).toBe('https://console.example.com');
    expect(config.oidc.issuer).toBe('https://console.example.com/idp');
  });

  it('points at another provider and turns the embedded one off', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://login.example.com/',
      OIDC_CLIENT_ID: 'console',
      OIDC_AUDIENCE: 'https://api.example.com',
    });
    expect(config.oidc.issuer).toBe('https://login.example.com');
    expect(config.oidc.clientId).toBe('console');
    expect(config.oidc.audience).toBe('https://api.example.com');
    expect(config.idp.enabled).toBe(false);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/boon' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/boon',
    });
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
  ])('stops with a message naming %s for a bad value', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}: `),
    );
  });

  it('never seeds demo data in production, and refuses to be told to', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: demo data is refused/,
    );
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});
