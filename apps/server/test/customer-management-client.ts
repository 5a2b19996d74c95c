import { randomBytes } from 'node:crypto';
import { and, asc, auditLog, desc, eq, outboxMails, sql, users, type Database } from '@boon/db';
import { expect } from 'vitest';
import { startTestServer, testPasswords, type TestServer } from './test-server.js';

/**
 * Calls to the services as a signed-in user, for their API tests: each address gets the token the
 * identity provider would issue it (TestServer.accessTokenFor), minted once per client. Signing
 * in itself is tested in apps/server/test (idp-*, authentication, customer-tokens).
 */

/** The test server these tests use: the real server, over a database with the demo data. */
export function startServer(): Promise<TestServer> {
  return startTestServer();
}

export const ACME = 'C-ACME0001';
export const GLOBEX = 'C-GLOBEX01';
export const NEWCO = 'C-NEWCO001';

export const forbidden = { status: 403, code: 'forbidden', message: 'Forbidden' };
export const unauthorized = { status: 401, code: 'unauthorized', message: 'Unauthorized' };
export const userNotFound = {
  status: 404,
  code: 'user_not_found',
  message: "User doesn't exist for you",
};

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export interface CallOptions {
  /** Signed in as this address (see TestServer.accessTokenFor); none: anonymous. */
  email?: string | undefined;
  /** A token to send instead of signing in. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with a JSON content type (malformed JSON and the like). */
  rawBody?: string;
  /** The x-customer-id header. */
  customerId?: string | undefined;
  /** The Idempotency-Key header. */
  idempotencyKey?: string;
}

export interface Answer<Body> {
  status: number;
  body: Body;
}

/** Calls a service of the test server (customer management unless `basePath` says otherwise). */
export function customerManagementClient(
  server: TestServer,
  basePath = '/api/customer-management',
) {
  const tokens = new Map<string, string>();

  /** A signed-in user's access token, minted as the provider issues it (one per address). */
  async function tokenFor(email: string): Promise<string> {
    let token = tokens.get(email);
    if (!token) {
      token = await server.accessTokenFor(email);
      tokens.set(email, token);
    }
    return token;
  }

  async function call<Body = Record<string, unknown>>(
    method: Method,
    path: string,
    options: CallOptions = {},
  ): Promise<Answer<Body>> {
    const token = options.token ?? (options.email ? await tokenFor(options.email) : undefined);
    const payload =
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    // In process (TestServer.inject): HTTP itself is not what this tests.
    const response = await server.inject({
      method,
      url: `${basePath}${path}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.customerId ? { 'x-customer-id': options.customerId } : {}),
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    const text = response.body;
    return { status: response.statusCode, body: (text ? JSON.parse(text) : undefined) as Body };
  }

  return { tokenFor, call };
}

/** A 422 answer's shape, with field errors at these paths. */
export function validationError(...paths: string[]) {
  return {
    status: 422,
    code: 'validation_error',
    message: 'ValidationErrorResponse',
    fieldErrors: paths.map((path) => ({ path, message: expect.any(String) })),
  };
}

export const TEST_PASSWORD = 'test-pass-2026';

// One scrypt hash of the test password for every user a test file makes (some tests make dozens);
// a test about signing in still goes through the provider's real password check with it.
let testPasswordHash: Promise<string> | undefined;

/**
 * A user made straight in the database, with a password to sign in through the identity provider:
 * with a backend profile (POST /user/me done) unless `profile` is false.
 */
export async function createUser(
  db: Database,
  email: string,
  options: { profile?: boolean; emailVerified?: boolean; firstName?: string } = {},
): Promise<{ id: string; email: string }> {
  const id = `U-T${randomBytes(6).toString('hex').toUpperCase()}`;
  await db.insert(users).values({
    id,
    email,
    firstName: options.profile === false ? '' : (options.firstName ?? 'Nina'),
    lastName: options.profile === false ? '' : 'Invitee',
    emailVerified: options.emailVerified ?? true,
    passwordHash: await (testPasswordHash ??= testPasswords.hash(TEST_PASSWORD)),
    dataProcessingTncAccepted: true,
    profileCreatedAt: options.profile === false ? null : new Date(),
  });
  return { id, email };
}

/** The audit rows of `action` on `target`, oldest first. */
export async function auditRows(db: Database, action: string, target: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
    .orderBy(asc(auditLog.id));
}

/** How many audit rows there are, to show a refused call wrote none. */
export async function auditCount(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(auditLog);
  return row?.count ?? 0;
}

/** The newest mail to `to`, as the outbox holds it. */
export async function latestMail(db: Database, to: string) {
  const [mail] = await db
    .select()
    .from(outboxMails)
    .where(eq(sql`lower(${outboxMails.to})`, to.toLowerCase()))
    .orderBy(desc(outboxMails.id))
    .limit(1);
  return mail;
}

/** How many mails went to `to`. */
export async function mailCount(db: Database, to: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(outboxMails)
    .where(eq(sql`lower(${outboxMails.to})`, to.toLowerCase()));
  return row?.count ?? 0;
}

/** The invite link of the newest invite mail to `to`, read from its text as the invitee would. */
export async function inviteLinkFor(db: Database, to: string) {
  const mail = await latestMail(db, to);
  expect(mail?.kind).toBe('invite');
  const match = mail?.text?.match(/https?:\/\/\S+\/invite-link\?\S+/);
  if (!match) throw new Error(`no invite link in the mail to ${to}`);
  const url = new URL(match[0]);
  const token = url.searchParams.get('token');
  if (!token) throw new Error(`no token in ${url.href}`);
  return { url, token, email: url.searchParams.get('email'), mail: mail! };
}

/** The user's token cutoff (tokens issued up to it are refused); fails when there is none. */
export async function tokenCutoffOf(db: Database, userId: string): Promise<Date> {
  const [row] = await db
    .select({ cutoff: users.tokensValidAfter })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.cutoff) throw new Error(`no token cutoff for ${userId}`);
  return row.cutoff;
}
