import { eq, outboxMails, type DatabaseHandle } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import { openTestDatabase } from '@boon/db/testing';
import { enabledJobs } from '@boon/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_DELIVERY_QUEUE, createMailer } from './mailer.js';
import { mailboxService } from './service.js';
import type { SmtpMail, SmtpSender } from './smtp-sender.js';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase('migrated');
  await database.migrate();
});
afterAll(() => database?.close());

/** A queue that only remembers what was sent to it, and in which transaction. */
function recordingQueue() {
  const queued: { tx: unknown; name: string; data: readonly object[] }[] = [];
  const queue: JobQueue = {
    define: () => Promise.resolve(),
    send: (tx, name, data) => Promise.resolve(void queued.push({ tx, name, data: [data] })),
    sendMany: (tx, name, data) => Promise.resolve(void queued.push({ tx, name, data })),
    schedule: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
  return { queue, queued };
}

/** An SMTP server that takes every mail, or refuses every one with `refusal`. */
function fakeSmtp(refusal?: string): SmtpSender & { sent: SmtpMail[] } {
  const sent: SmtpMail[] = [];
  return {
    sent,
    send: (mail) =>
      refusal ? Promise.reject(new Error(refusal)) : Promise.resolve(void sent.push(mail)),
  };
}

const deps = (smtp?: SmtpSender) => ({ db: database.db, exposeBodies: false, smtp });
const attempt = { retryCount: 0, retryLimit: 5, isLast: false };
const mail = (to: string) => ({
  kind: 'test',
  to,
  subject: 'Hello',
  content: { heading: 'Hello', paragraphs: ['A line'] },
});

async function outboxRow(id: number) {
  const [row] = await database.db.select().from(outboxMails).where(eq(outboxMails.id, id));
  return row;
}

describe('delivery by SMTP', () => {
  it('is a queue only where there is an SMTP server', () => {
    expect(enabledJobs(mailboxService, deps())).toEqual([]);
    expect(enabledJobs(mailboxService, deps(fakeSmtp()))).toEqual([
      expect.objectContaining({ name: MAIL_DELIVERY_QUEUE, workers: 4 }),
    ]);
  });

  it('queues each mail in the sending transaction and sends it once, forgetting its body', async () => {
    const { queue, queued } = recordingQueue();
    const mailer = await createMailer({
      jobs: queue,
      productName: 'Boon',
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'Boon <no-reply@boon.test>',
    });
    expect(mailer.smtp).toBeDefined();
    let sending: unknown;
    const sent = await database.db.transaction(async (tx) => {
      sending = tx;
      return mailer.sendMany(tx, [mail('one@acme.test'), mail('two@acme.test')]);
    });
    expect(queued).toEqual([{ tx: expect.anything(), name: MAIL_DELIVERY_QUEUE, data: sent }]);
    // The very transaction that wrote the mails: a rollback takes their delivery with them.
    expect(queued[0]?.tx).toBe(sending);
    expect((await outboxRow(sent[0]!.id))?.status).toBe('queued');

    const smtp = fakeSmtp();
    const [delivery] = enabledJobs(mailboxService, deps(smtp));
    await delivery!.handle({ id: sent[0]!.id }, attempt, deps(smtp));
    await delivery!.handle({ id: sent[0]!.id }, attempt, deps(smtp));
    expect(smtp.sent).toEqual([
      expect.objectContaining({
        to: 'one@acme.test',
        subject: 'Hello',
        text: expect.stringContaining('A line'),
      }),
    ]);
    expect(await outboxRow(sent[0]!.id)).toMatchObject({
      status: 'sent',
      text: null,
      html: null,
      error: null,
    });
    expect((await outboxRow(sent[1]!.id))?.status).toBe('queued');
  });

  it('marks a mail the server refuses failed, with its reason, and fails the job for a retry', async () => {
    const mailer = await createMailer({
      jobs: recordingQueue().queue,
      productName: 'Boon',
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'Boon <no-reply@boon.test>',
    });
    const { id } = await mailer.send(database.db, mail('gone@acme.test'));
    const smtp = fakeSmtp('550 No such user');
    const [delivery] = enabledJobs(mailboxService, deps(smtp));
    await expect(delivery!.handle({ id }, attempt, deps(smtp))).rejects.toThrow('550');
    expect(await outboxRow(id)).toMatchObject({ status: 'failed', error: '550 No such user' });
  });

  it('stores mail without queueing it where the outbox is the delivery', async () => {
    const { queue, queued } = recordingQueue();
    const mailer = await createMailer({
      jobs: queue,
      productName: 'Boon',
      from: 'Boon <no-reply@boon.test>',
    });
    expect(mailer.smtp).toBeUndefined();
    const { id } = await mailer.send(database.db, mail('kept@acme.test'));
    expect(queued).toEqual([]);
    expect((await outboxRow(id))?.status).toBe('stored');
  });
});
