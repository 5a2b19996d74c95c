import { AppError } from '@boon/service-kit';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import * as jose from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenVerifier, type TokenVerifier } from './token-verifier.js';

vi.mock('jose', async (importOriginal) => {
  const original = await importOriginal<typeof import('jose')>();
  return { ...original, jwtVerify: vi.fn(original.jwtVerify) };
});

const ISSUER = 'http://127.0.0.1:9999/idp';
const AUDIENCE = 'http://127.0.0.1:9999/api';
let sign: (claims: JWTPayload) => Promise<string>;
let verifier: TokenVerifier;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  sign = (claims) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
      .sign(privateKey);
  verifier = createTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    localJwks: { keys: [jwk] },
    tokenType: 'at+jwt',
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(jose.jwtVerify).mockClear();
});

const now = () => Math.floor(Date.now() / 1000);
const claims = (overrides: JWTPayload = {}): JWTPayload => ({
  iss: ISSUER,
  aud: AUDIENCE,
  sub: 'U-TOKEN00001',
  email: 'someone@company.test',
  email_verified: true,
  iat: now(),
  exp: now() + 600,
  ...overrides,
});
const refused = (promise: Promise<unknown>) =>
  expect(promise).rejects.toEqual(new AppError('unauthorized'));

describe('access token verification', () => {
  it("checks a token's signature once, and answers the same claims for the same token after", async () => {
    const token = await sign(claims());
    const first = await verifier.verify(token);
    expect(first).toMatchObject({ sub: 'U-TOKEN00001', email: 'someone@company.test' });
    expect(await verifier.verify(token)).toEqual(first);
    expect(await verifier.verify(token)).toEqual(first);
    expect(jose.jwtVerify).toHaveBeenCalledTimes(1);
  });

  it('refuses a token it verified before once it has expired (5 s of skew allowed)', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const token = await sign(claims({ exp: now() + 60 }));
    await verifier.verify(token);
    vi.setSystemTime(Date.now() + 64_000);
    await expect(verifier.verify(token)).resolves.toMatchObject({ sub: 'U-TOKEN00001' });
    vi.setSystemTime(Date.now() + 2_000);
    await refused(verifier.verify(token));
    await refused(verifier.verify(token));
  });

  it('checks the signature again after 10 minutes, as long as the keys are kept', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const token = await sign(claims({ exp: now() + 3600 }));
    await verifier.verify(token);
    vi.setSystemTime(Date.now() + 599_000);
    await verifier.verify(token);
    expect(jose.jwtVerify).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 2_000);
    await verifier.verify(token);
    await verifier.verify(token);
    expect(jose.jwtVerify).toHaveBeenCalledTimes(2);
  });

  it('answers claims no request can change for the next one', async () => {
    const token = await sign(claims({ roles: ['viewer'], customer_ids: ['C-ACME0001'] }));
    const first = await verifier.verify(token);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.roles)).toBe(true);
    expect(Object.isFrozen(first.customer_ids)).toBe(true);
    expect(() => first.roles.push('owner')).toThrow(TypeError);
    expect((await verifier.verify(token)).roles).toEqual(['viewer']);
  });

  it('verifies in full any other bytes: an altered copy of a verified token is refused', async () => {
    const token = await sign(claims());
    await verifier.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims(), sub: 'U-SOMEONEELSE' }),
    ).toString('base64url');
    await refused(verifier.verify(`${header}.${forgedPayload}.${signature}`));
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await refused(verifier.verify(`${header}.${payload}.${flipped}`));
  });

  it.each([
    ['expired', { exp: now() - 60 }],
    ['for another audience', { aud: 'http://elsewhere.example/api' }],
    ['from another issuer', { iss: 'http://elsewhere.example/idp' }],
  ])('refuses a token %s, every time', async (_label, overrides) => {
    const token = await sign(claims(overrides));
    await refused(verifier.verify(token));
    await refused(verifier.verify(token));
    expect(jose.jwtVerify).toHaveBeenCalledTimes(2);
  });
});
