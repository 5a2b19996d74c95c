import { randomUUID } from 'node:crypto';
import { orderSchema, type MailboxItem, type MailboxMail } from '@boon/contracts';
import { DEMO_PASSWORD } from '@boon/customer-management';
import { auditLog, and, desc, eq, outboxMails } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import { createMailer, mailboxService } from '@boon/mail';
import { registerServiceRoutes } from '@boon/service-kit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '@boon/server/testing';

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  // As `npm start` runs the demo: staff may read bodies, secrets redacted.
  server = await startTestServer({ MAILBOX_SHOW_BODIES: 'true' });
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
  sendMany: () => Promise.reject(new Error('no jobs here')),
  schedule: () => Promise.reject(new Error('no jobs here')),
  stop: () => Promise.resolve(),
};

const mailer = () =>
  createMailer({
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

  it('stores several mails in one statement and answers their ids in the order given', async () => {
    const recipients = Array.from({ length: 30 }, (_, n) => `many-${n}@acme.test`);
    const sent = await (
      await mailer()
    ).sendMany(
      server.db,
      recipients.map((to, n) => ({
        kind: 'test',
        to,
        subject: `Mail ${n}`,
        content: { heading: `Mail ${n}`, paragraphs: [] },
      })),
    );
    expect(sent).toHaveLength(30);
    for (const [n, { id }] of sent.entries()) {
      const [row] = await server.db
        .select({ to: outboxMails.to, subject: outboxMails.subject })
        .from(outboxMails)
        .where(eq(outboxMails.id, id));
      expect(row).toEqual({ to: recipients[n], subject: `Mail ${n}` });
    }
    // One bad address refuses them all: nothing is stored for the others.
    await expect(
      (await mailer()).sendMany(server.db, [
        {
          kind: 'test',
          to: 'fine@acme.test',
          subject: 'x',
          content: { heading: 'x', paragraphs: [] },
        },
        {
          kind: 'test',
          to: 'a@b.test, c@d.test',
          subject: 'x',
          content: { heading: 'x', paragraphs: [] },
        },
      ]),
    ).rejects.toThrow('exactly one valid recipient');
    const stored = await server.db
      .select({ id: outboxMails.id })
      .from(outboxMails)
      .where(eq(outboxMails.to, 'fine@acme.test'));
    expect(stored).toEqual([]);
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

  it('lets staff mark a mail undeliverable, with why, audited; refuses what cannot be marked', async () => {
    const mark = async (id: number | string, body: unknown, email = 'staff@boon.test') => {
      const response = await fetch(`${server.baseUrl}/api/mail/outbox/${id}/undeliverable`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await tokenFor(email)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const [stored, queued] = await server.db
      .insert(outboxMails)
      .values([
        { kind: 'reward', to: 'gone@acme.test', subject: 'A reward', text: 'x', status: 'stored' },
        { kind: 'reward', to: 'later@acme.test', subject: 'A reward', text: 'x', status: 'queued' },
      ])
      .returning();
    const reason = 'No such mailbox at acme.test.';

    expect((await mark(stored!.id, { reason }, 'owner@acme.test')).status).toBe(403);
    expect(await mark(stored!.id, { reason: '   ' })).toMatchObject({
      status: 422,
      body: {
        fieldErrors: [{ path: 'body.reason', message: 'This field is required.' }],
      },
    });
    expect(await mark(stored!.id, { reason: 'x'.repeat(201) })).toMatchObject({ status: 422 });
    expect((await mark(999_999, { reason })).status).toBe(404);
    expect(await mark(queued!.id, { reason })).toMatchObject({
      status: 409,
      body: { code: 'mail_not_sent_yet' },
    });

    expect(await mark(stored!.id, { reason: `  ${reason} ` })).toMatchObject({
      status: 200,
      body: { id: stored!.id, status: 'failed', error: reason },
    });
    expect(await mark(stored!.id, { reason: 'Another reason.' })).toMatchObject({
      status: 409,
      body: { code: 'mail_already_undeliverable' },
    });
    const [row] = await server.db.select().from(outboxMails).where(eq(outboxMails.id, stored!.id));
    expect(row).toMatchObject({ status: 'failed', error: reason });
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'mailbox.mark_undeliverable'),
          eq(auditLog.target, String(stored!.id)),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({ to: 'gone@acme.test', was: 'stored', reason });
    // Nothing changed on the refusals.
    const [still] = await server.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.id, queued!.id));
    expect(still).toMatchObject({ status: 'queued', error: null });
  });

  it("never shows a single-use link's secret, even with bodies shown", async () => {
    const [row] = await server.db
      .insert(outboxMails)
      .values({
        kind: 'reset-password',
        to: 'victim@acme.test',
        subject: 'Reset',
        text: 'Choose a new password: https://boon.test/idp/reset-password?token=s3cret-T0KEN',
        html: '<a href="https://boon.test/invite-link?email=v%40acme.test&amp;token=s3cret-T0KEN">Join</a>',
        status: 'queued',
      })
      .returning();
    const { status, body } = await get<MailboxMail>(`/outbox/${row?.id}`, 'staff@boon.test');
    expect(status).toBe(200);
    expect(body.text).toBe(
      'Choose a new password: https://boon.test/idp/reset-password?token=REDACTED',
    );
    expect(body.html).toContain('invite-link?email=v%40acme.test&amp;token=REDACTED');
    expect(JSON.stringify(body)).not.toContain('s3cret-T0KEN');
  });

  it("never shows a reward mail's claim token, which sits in the link's path", async () => {
    const recipient = 'gift-reader@example.com';
    const ordered = await fetch(`${server.baseUrl}/api/ordering/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await tokenFor('owner@acme.test')}`,
        'content-type': 'application/json',
        'x-customer-id': 'C-ACME0001',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        deliveryType: 'email',
        productCode: 'NORTHWIND-COFFEE-US',
        currency: 'USD',
        faceValue: '25.00',
        recipients: [{ name: 'Gift Reader', email: recipient }],
        description: 'A reward staff must not claim',
        message: { header: 'Thank you!', body: 'For your help.', colour: '#1d4ed8' },
      }),
    });
    expect(ordered.status).toBe(201);
    const { orderId } = orderSchema.parse(await ordered.json());

    // The worker mails the reward; what the recipient's mailbox holds is the stored row.
    const deadline = Date.now() + 30_000;
    let sent: typeof outboxMails.$inferSelect | undefined;
    while (!sent) {
      [sent] = await server.db
        .select()
        .from(outboxMails)
        .where(and(eq(outboxMails.to, recipient), eq(outboxMails.kind, 'reward')))
        .orderBy(desc(outboxMails.id))
        .limit(1);
      if (!sent && Date.now() > deadline) throw new Error(`order ${orderId} mailed nothing`);
      if (!sent) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const link = sent.text?.match(/https?:\/\/\S+\/redeem\/(WG-SL-[\w-]+)/);
    const token = link?.[1] ?? '';
    expect(token).not.toBe('');
    expect(sent.html).toContain(token);

    const list = await get<MailboxItem[]>(`/outbox?to=${recipient}`, 'staff@boon.test');
    expect(list.body.map((item) => item.id)).toContain(sent.id);
    expect(JSON.stringify(list.body)).not.toContain(token);
    const read = await get<MailboxMail>(`/outbox/${sent.id}`, 'staff@boon.test');
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(token);
    expect(JSON.stringify(read.body)).not.toMatch(/WG-SL-/);
    // Staff still see what the mail is and which page its link opens.
    expect(read.body.text).toContain(`Open your reward: ${server.baseUrl}/redeem/REDACTED`);
    expect(read.body.html).toContain(`href="${server.baseUrl}/redeem/REDACTED"`);

    // The recipient's own link still opens the reward, and claims it.
    const page = await fetch(link?.[0] ?? '');
    expect(page.status).toBe(200);
    const claim = await fetch(`${server.baseUrl}/redeem/${token}/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'productCode=NORTHWIND-COFFEE-US',
      redirect: 'manual',
    });
    expect(claim.status).toBe(303);
    expect(await (await fetch(`${server.baseUrl}/redeem/${token}`)).text()).toContain(
      'Your Northwind Coffee code',
    );
  });

  it('writes an audit row for every look at the mailbox: who, which mail, whose', async () => {
    const [row] = await server.db
      .insert(outboxMails)
      .values({ kind: 'test', to: 'watched@acme.test', subject: 'Hi', text: 'x', status: 'queued' })
      .returning();
    await get(`/outbox?to=watched@acme.test`, 'staff@boon.test');
    await get(`/outbox/${row?.id}`, 'staff@boon.test');
    const read = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mailbox.read'), eq(auditLog.target, String(row?.id))));
    expect(read).toEqual([
      expect.objectContaining({
        actorUserId: 'U-BOONSTAFF',
        details: { to: 'watched@acme.test', kind: 'test', bodyShown: true },
      }),
    ]);
    const listed = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mailbox.list'), eq(auditLog.target, 'watched@acme.test')));
    expect(listed).toHaveLength(1);
    expect(listed[0]?.actorUserId).toBe('U-BOONSTAFF');
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
    await app.register(async (scope) => {
      // The staff member the authentication plugin would have found.
      scope.decorateRequest('auth', null);
      scope.addHook('onRequest', async (request) => {
        request.auth = { user: { id: 'U-BOONSTAFF' } } as never;
      });
      await registerServiceRoutes(scope, mailboxService, { db: server.db, exposeBodies: false });
    });
    const response = await app.inject({ method: 'GET', url: `/outbox/${row?.id}` });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subject: 'Reset', text: null, html: null });
    expect(response.body).not.toContain('secret');
  });
});
