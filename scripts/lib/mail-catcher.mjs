// An SMTP server that keeps every mail it receives as a JSON file: the inbox of the people the
// browser tests play. The product under test delivers its mail here over SMTP, as it would to a
// real mail server, so a test reads a link the way its recipient would, never through staff's
// mailbox (which hides single-use secrets).
import fs from 'node:fs';
import path from 'node:path';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * @typedef {{ to: string[], subject: string, text: string, receivedAt: number }} CaughtMail
 * @param {string} dir where each mail is written, one `<time>-<n>.json` file per mail
 * @returns {Promise<{ port: number, close: () => Promise<void> }>}
 */
export async function startMailCatcher(dir) {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    // Loopback only, for one test run: no TLS and no sign-in to set up.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          /** @type {CaughtMail} */
          const caught = {
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            receivedAt: Date.now(),
          };
          count += 1;
          const file = path.join(dir, `${caught.receivedAt}-${count}.json`);
          // Written whole, then renamed, so a reader never sees half a mail.
          fs.writeFileSync(`${file}.tmp`, JSON.stringify(caught));
          fs.renameSync(`${file}.tmp`, file);
          callback();
        })
        .catch((/** @type {Error} */ error) => callback(error));
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.server.address());
  return {
    port: address.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
