// Runs the built server on a brand-new embedded database and deletes that database when the
// server stops. The browser tests start the product through this (see e2e/playwright.config.ts),
// so every run begins from the demo seed and leaves nothing behind.
//   node scripts/serve-fresh.mjs            PORT defaults to 8181
import fs from 'node:fs';

import { freshDataDir, startServer } from './lib/server.mjs';

const port = Number(process.env.PORT ?? 8181);
const dataDir = freshDataDir('e2e');
const server = startServer({ port, dataDir, env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' } });

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => server.child.kill(signal));
}

const code = await server.exited;
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(code ?? 1);
