// Starting and stopping the built server (apps/server/dist/main.js) from scripts: used by
// `npm run bench` and by the throw-away instance the browser tests run against.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { repoRoot } from './first-screen.mjs';

export const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');

/** @param {number} port @returns {Promise<boolean>} */
function canListen(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
      probe.close(() => resolve(true)),
    );
  });
}

/**
 * `preferred` when nothing listens there (predictable URLs while debugging), otherwise a port the
 * OS picks, so two people running the suite on one machine do not collide.
 * @param {number} [preferred]
 */
export async function freePort(preferred) {
  if (preferred && (await canListen(preferred))) return preferred;
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(address.port));
    });
  });
}

/** @param {NodeJS.ProcessEnv} env @param {string[]} keys */
function withoutKeys(env, keys) {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !keys.includes(key)));
}

/** A new empty folder for the embedded database. @param {string} label */
export function freshDataDir(label) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `boon-${label}-`));
}

/**
 * @typedef {object} RunningServer
 * @property {import('node:child_process').ChildProcess} child
 * @property {number} startedAt performance.now() at spawn
 * @property {string} url
 * @property {Promise<number | null>} exited resolves with the exit code
 * @property {() => Promise<void>} stop SIGTERM (graceful shutdown), SIGKILL after a while
 */

/**
 * Settings from the caller's shell that would point the server elsewhere (another database, URL
 * or identity provider) than the fresh embedded setup a measurement or a test run needs.
 */
const inheritedSettingsToDrop = [
  'NODE_ENV',
  'HOST',
  'PUBLIC_URL',
  'DATABASE_URL',
  'SEED_DEMO',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_AUDIENCE',
  'CONSOLE_DIST',
  'SMTP_URL',
  'MAILBOX_SHOW_BODIES',
];

/**
 * Spawns the built server the way `npm start` runs it (without rebuilding).
 * @param {{ port: number, dataDir: string, env?: Record<string, string>, stdio?: 'inherit' | 'ignore' }} options
 * @returns {RunningServer}
 */
export function startServer({ port, dataDir, env = {}, stdio = 'inherit' }) {
  if (!fs.existsSync(serverMain)) {
    throw new Error(
      `${path.relative(repoRoot, serverMain)} is missing; run \`npm run build\` first.`,
    );
  }
  const startedAt = performance.now();
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    stdio: ['ignore', stdio, stdio],
    env: {
      ...withoutKeys(process.env, inheritedSettingsToDrop),
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killed = await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)]);
    if (!killed) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  return { child, startedAt, url: `http://localhost:${port}`, exited, stop };
}

/**
 * Polls `url` until it answers 200 and returns the ms since the server was spawned. Fails if the
 * server exits first or after `timeoutMs`.
 * @param {RunningServer} server @param {string} pathname @param {number} [timeoutMs]
 */
export async function msUntilOk(server, pathname, timeoutMs = 120_000) {
  let exitCode = /** @type {number | null | undefined} */ (undefined);
  void server.exited.then((code) => (exitCode = code));
  while (performance.now() - server.startedAt < timeoutMs) {
    if (exitCode !== undefined)
      throw new Error(`the server exited (code ${exitCode}) before ${pathname} answered`);
    try {
      const response = await fetch(server.url + pathname, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - server.startedAt;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`${pathname} did not answer 200 within ${timeoutMs} ms`);
}
