import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, users } from '@boon/db';
import { openDatabase } from '@boon/db';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'boon-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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
  it('keeps data across restarts and reseeds after it is deleted', async () => {
    await startAndStop(async (db) => {
      await db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, 'U-ACMEOWNER'));
    });
    await startAndStop(async (db) => {
      const [owner] = await db.select().from(users).where(eq(users.id, 'U-ACMEOWNER'));
      expect(owner?.firstName).toBe('Renamed');
    });
    rmSync(dataDir, { recursive: true, force: true });
    await startAndStop(async (db) => {
      const [owner] = await db.select().from(users).where(eq(users.id, 'U-ACMEOWNER'));
      expect(owner?.firstName).toBe('Olivia');
    });
  });
});
