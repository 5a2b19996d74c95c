import type { MailboxItem, MailboxMail } from '@boon/contracts';
import { DEMO_PASSWORD } from '@boon/customer-management';
import { outboxMails } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import { createMailer, mailboxRoutes } from '@boon/mail';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './oidc-client.js';
import { startTestServer, type TestServer } from './test-server.js';

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function tokenFor(email: string) {
  let token = tokens.get(email);
  if (!token) {
    token = (await signIn({ baseUrl: server.baseUrl, email, password: DEMO_PASSWORD })).accessToken;
    tokens.set(email, token);
  }
  return token;
}

async function get<T>(path: string, email?: string) {
  const response = await fetch(`${server.baseUrl}/api/mail${path}`, {
    headers: email ? { authorization: `Bearer ${await tokenFor(email)}` } : {},
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** The mailer without SMTP needs no job queue: one that fails if it is ever used. */
const noJobs: JobQueue = {
  define: () => Promise.reject(new Error('no jobs here')),
  send: () => Promise.reject(new Error('no jobs here')),
  stop: () => Promise.resolve(),
};

const mailer = () =>
  createMailer({
    db: server.db,
    jobs: noJobs,
    productName: 'Boon',
    from: 'Boon <no-reply@boon.test>',
  });

describe('the mailer', () => {
  it('stores a mail in the outbox with its text and HTML, every value escaped', async () => {
    await (
      await mailer()
    ).send(server.db, {
      kind: 'test',
      to: 'reader@acme.test',
      subject: 'Hello <b>there</b>',
      content: {
        heading: 'Hello <script>',
        paragraphs: ['One & two'],
        action: { label: 'Open', url: 'https://boon.test/a?b=1&c=2' },
      },
    });
    const { body: list } = await get<MailboxItem[]>(
      '/outbox?to=READER@acme.test',
      'staff@boon.test',
    );
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ to: 'reader@acme.test', kind: 'test', status: 'stored' });
    const { body: mail } = await get<MailboxMail>(`/outbox/${list[0]?.id}`, 'staff@boon.test');
    expect(mail.text).toContain('Open: https://boon.test/a?b=1&c=2');
    expect(mail.html).toContain('Hello &lt;script&gt;');
    expect(mail.html).toContain('One &amp; two');
    expect(mail.html).toContain('href="https://boon.test/a?b=1&amp;c=2"');
    expect(mail.html).not.toContain('<script>');
  });

  it.each([
    ['a list of addresses', 'attacker@evil.test,boss@acme.test'],
    ['a display name', 'Boss <boss@acme.test>'],
    ['no address at all', 'not-an-address'],
  ])('refuses %s as the recipient, storing nothing', async (_label, to) => {
    const before = await server.db.select().from(outboxMails);
    await expect(
      (await mailer()).send(server.db, {
        kind: 'test',
        to,
        subject: 'x',
        content: { heading: 'x', paragraphs: [] },
      }),
    ).rejects.toThrow('exactly one valid recipient');
    expect(await server.db.select().from(outboxMails)).toHaveLength(before.length);
  });

  it('refuses a link that is not http(s)', async () => {
    await expect(
      (await mailer()).send(server.db, {
        kind: 'test',
        to: 'reader@acme.test',
        subject: 'x',
        content: {
          heading: 'x',
          paragraphs: [],
          action: { label: 'Go', url: 'javascript:alert(1)' },
        },
      }),
    ).rejects.toThrow('http(s)');
  });
});

describe('the staff mailbox', () => {
  it('is for staff only', async () => {
    expect((await get('/outbox')).status).toBe(401);
    expect((await get('/outbox', 'owner@acme.test')).status).toBe(403);
    expect((await get('/outbox/1', 'owner@acme.test')).status).toBe(403);
    expect((await get('/outbox', 'staff@boon.test')).status).toBe(200);
  });

  it('answers 404 for a mail that does not exist and 422 for a bad id or limit', async () => {
    expect((await get('/outbox/999999', 'staff@boon.test')).status).toBe(404);
    expect((await get('/outbox/abc', 'staff@boon.test')).status).toBe(422);
    expect((await get('/outbox?limit=1000', 'staff@boon.test')).status).toBe(422);
  });

  it('shows no bodies where they must not be read (production)', async () => {
    const [row] = await server.db
      .insert(outboxMails)
      .values({
        kind: 'reset-password',
        to: 'victim@acme.test',
        subject: 'Reset',
        text: 'https://boon.test/idp/reset-password?token=secret',
        html: '<a href="https://boon.test/idp/reset-password?token=secret">Reset</a>',
        status: 'queued',
      })
      .returning();
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(mailboxRoutes, { db: server.db, exposeBodies: false });
    const response = await app.inject({ method: 'GET', url: `/outbox/${row?.id}` });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subject: 'Reset', text: null, html: null });
    expect(response.body).not.toContain('secret');
  });
});
