import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, users } from '@boon/db';
import { openDatabase } from '@boon/db';
import { openTestDatabase } from '@boon/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

// A folder that does not exist yet, as on a fresh clone or after someone deleted it.
const parent = mkdtempSync(path.join(tmpdir(), 'boon-data-'));
const dataDir = path.join(parent, 'data');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

async function startAndStop(check: (db: import('@boon/db').Database) => Promise<void>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: '0',
  });
  expect(config.database).toEqual({ kind: 'pglite', dataDir });
  const database = await openDatabase(config.database);
  const app = await buildApp({ config, database });
  try {
    await check(database.db);
  } finally {
    await app.close();
  }
}

describe('the embedded database directory', () => {
  it('is created and seeded when missing, and keeps data across restarts', async () => {
    // A missing folder is what a fresh clone has and what deleting it leaves: the same first
    // start makes it, migrates and seeds the demo data.
    expect(existsSync(dataDir)).toBe(false);
    await startAndStop(async (db) => {
      const [owner] = await db.select().from(users).where(eq(users.id, 'U-ACMEOWNER'));
      expect(owner?.firstName).toBe('Olivia');
      await db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, 'U-ACMEOWNER'));
    });
    // Password hashes and signing keys live there: owner only.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    await startAndStop(async (db) => {
      const [owner] = await db.select().from(users).where(eq(users.id, 'U-ACMEOWNER'));
      expect(owner?.firstName).toBe('Renamed');
    });
    // Two starts of the whole server on disk, the first migrating and seeding all the demo data:
    // about 15 s alone, far more beside the browser tests on two busy cores.
  }, 180_000);
});

describe('the request log', () => {
  it('never holds query strings (codes, ID tokens, e-mail hints) or headers', async () => {
    const lines: string[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: 'memory://',
      PORT: '0',
    });
    const app = await buildApp({
      config,
      database: await openTestDatabase('demo'),
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      await app.inject({
        url: '/auth/callback?code=SECRET-CODE&state=abc',
        headers: { authorization: 'Bearer SECRET-TOKEN', cookie: 'idp_session=SECRET-COOKIE' },
      });
      await app.inject({
        url: '/idp/session/end?id_token_hint=SECRET-JWT&login_hint=someone%40acme.test',
      });
      const log = lines.join('\n');
      expect(log).toContain('"url":"/auth/callback"');
      expect(log).not.toMatch(/SECRET|someone/);
    } finally {
      await app.close();
    }
  });
});
