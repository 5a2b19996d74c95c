import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

import { expect, test } from '@playwright/test';

import {
  freePort,
  freshDataDir,
  msUntilOk,
  serverMain,
  startServer,
} from '../../scripts/lib/server.mjs';

// The built server as a process, the way an operator meets it: no browser needed.

test('a bad setting stops the server at once with a message naming the variable', () => {
  const result = spawnSync(process.execPath, [serverMain], {
    env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'mysql://db/boon' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('Invalid configuration:');
  expect(result.stderr).toContain('  PORT: ');
  expect(result.stderr).toContain('  DATABASE_URL: must be a postgres:// or postgresql:// URL');
});

test('SIGTERM shuts the server down cleanly: exit code 0, port released', async () => {
  const dataDir = freshDataDir('shutdown');
  const server = startServer({ port: await freePort(), dataDir, stdio: 'ignore' });
  try {
    await msUntilOk(server, '/readyz');
    server.child.kill('SIGTERM');
    // 0 only when close-with-grace closed the HTTP server, the provider and the database in time.
    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
