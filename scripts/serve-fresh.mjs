// Runs the built server on a brand-new embedded database and deletes that database when the
// server stops. The browser tests start the product through this (see e2e/playwright.config.ts),
// so every run begins from the demo seed and leaves nothing behind.
// With BOON_E2E_MAIL_DIR, the product delivers its mail over SMTP to a catcher that writes each
// mail into that folder: the inboxes the browser tests read links from.
//   node scripts/serve-fresh.mjs            PORT defaults to 8181
import fs from 'node:fs';

import { startMailCatcher } from './lib/mail-catcher.mjs';
import { freshDataDir, startServer } from './lib/server.mjs';

const port = Number(process.env.PORT ?? 8181);
const dataDir = freshDataDir('e2e');
const mailDir = process.env.BOON_E2E_MAIL_DIR;
const catcher = mailDir ? await startMailCatcher(mailDir) : undefined;
const server = startServer({
  port,
  dataDir,
  env: {
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // As `npm start` runs the demo: staff's mailbox shows bodies, single-use secrets redacted.
    MAILBOX_SHOW_BODIES: 'true',
    ...(catcher ? { SMTP_URL: `smtp://127.0.0.1:${catcher.port}` } : {}),
  },
});

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => server.child.kill(signal));
}

const code = await server.exited;
await catcher?.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(code ?? 1);
