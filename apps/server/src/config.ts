import { isIP } from 'node:net';
import path from 'node:path';
import {
  DEFAULT_PASSWORD_HASH_COST,
  MAX_PASSWORD_HASH_COST,
  MIN_PASSWORD_HASH_COST,
} from '@boon/customer-management';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An http(s) origin: scheme, host and port only (a trailing slash is tolerated). */
const originFromEnv = z.string().transform((value, ctx) => {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be an http(s) origin such as https://boon.example.com, without a path',
    });
    return z.NEVER;
  }
  return url.origin;
});

const httpUrlFromEnv = z
  .string()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'must be an http(s) URL',
  });

const namedProxyRanges = ['loopback', 'linklocal', 'uniquelocal'];
/**
 * Which proxies may set X-Forwarded-*: `false`, a number of hops, or their addresses (IPs, CIDRs,
 * loopback/linklocal/uniquelocal). Never "all": any client could then forge its address and
 * slip past per-address limits.
 */
const trustProxyFromEnv = z.string().transform((value, ctx): false | number | string[] => {
  const trimmed = value.trim();
  if (trimmed === 'false' || trimmed === '0') return false;
  if (/^[1-9]\d?$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (namedProxyRanges.includes(entry)) return true;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    return (
      family !== 0 &&
      rest.length === 0 &&
      (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits))
    );
  });
  if (!valid) {
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, the number of proxies in front (e.g. 1), or their addresses (IPs, CIDRs, loopback); "true" would let any client forge its address',
    });
    return z.NEVER;
  }
  return entries;
});

/** Every environment variable the server reads, with its default. README's table mirrors this. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    PUBLIC_URL: originFromEnv.optional(),
    TRUST_PROXY: trustProxyFromEnv.default(false),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    SEED_DEMO: booleanFromEnv.optional(),
    PRODUCT_NAME: z.string().min(1).max(40).default('Boon'),
    OIDC_ISSUER: httpUrlFromEnv.optional(),
    OIDC_CLIENT_ID: z.string().min(1).default('boon-console'),
    OIDC_AUDIENCE: z
      .string()
      .refine(
        (value) => URL.canParse(value),
        'must be an absolute URI, e.g. https://boon.example.com/api',
      )
      .optional(),
    OIDC_SCOPE: z.string().min(1).default('openid email profile'),
    CONSOLE_DIST: z.string().min(1).optional(),
    SENTRY_DSN: httpUrlFromEnv.optional(),
    HELP_VIDEOS_URL: z
      .string()
      .regex(
        /^(https?:\/\/|\/(?!\/))\S*[^/]$/,
        'must be an absolute URL or a path, without a trailing slash',
      )
      .default('/help-videos'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).max(254).optional(),
    LEDGER_ALERTS_TO: z.email().max(254).optional(),
    MAILBOX_SHOW_BODIES: booleanFromEnv.default(false),
    RUN_WORKERS: booleanFromEnv.default(true),
    SERVER_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    PASSWORD_HASH_COST: z.coerce
      .number()
      .int()
      .min(MIN_PASSWORD_HASH_COST)
      .max(MAX_PASSWORD_HASH_COST)
      .default(DEFAULT_PASSWORD_HASH_COST),
  })
  // A lower cost is for tests, which sign in hundreds of times (see passwordHashing).
  .refine(
    (env) =>
      !(env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST < DEFAULT_PASSWORD_HASH_COST),
    {
      path: ['PASSWORD_HASH_COST'],
      message: `must be at least ${DEFAULT_PASSWORD_HASH_COST} when NODE_ENV=production`,
    },
  )
  .refine((env) => !(env.NODE_ENV === 'production' && env.SEED_DEMO === true), {
    path: ['SEED_DEMO'],
    message: 'demo data is refused when NODE_ENV=production',
  })
  // Without SMTP the outbox is the delivery and staff read it, reset links included: fine for a
  // demo or a development install, not for real users' accounts.
  .refine((env) => !(env.NODE_ENV === 'production' && env.SMTP_URL === undefined), {
    path: ['SMTP_URL'],
    message: 'is required when NODE_ENV=production (mail must leave the product)',
  })
  // This server speaks plain HTTP, so an https origin means TLS ends at a proxy: without trusting
  // it, the server can't tell requests came over HTTPS and would set cookies without Secure.
  .refine((env) => !(env.PUBLIC_URL?.startsWith('https:') && env.TRUST_PROXY === false), {
    path: ['TRUST_PROXY'],
    message: 'must name the TLS-terminating proxy (e.g. 1) when PUBLIC_URL is https',
  });

export type ServerConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>, cwd: string) {
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const embeddedIssuer = `${publicUrl}/idp`;
  // Another provider's issuer is kept exactly as given: `iss` is compared to the letter, and
  // some providers' issuers end in a slash.
  const external =
    env.OIDC_ISSUER !== undefined && env.OIDC_ISSUER.replace(/\/+$/, '') !== embeddedIssuer;
  const issuer = external && env.OIDC_ISSUER ? env.OIDC_ISSUER : embeddedIssuer;
  // Demo accounts have a published password: by default only for the embedded database on
  // this machine; anything else must ask with SEED_DEMO=true (refused in production).
  const seedDemo =
    env.SEED_DEMO ?? (env.NODE_ENV !== 'production' && !env.DATABASE_URL && isLoopback(publicUrl));
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    productName: env.PRODUCT_NAME,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `${env.PRODUCT_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    },
    /**
     * Whether staff's mailbox shows mail bodies (their single-use secrets always redacted): an
     * explicit choice, made by `npm start`'s demo; never in production, where they are real
     * people's mail (`NODE_ENV=production npm start` must still start).
     */
    mailbox: { showBodies: env.MAILBOX_SHOW_BODIES && env.NODE_ENV !== 'production' },
    /**
     * Who is mailed when the nightly ledger check finds a mismatch. Unset, it is only logged;
     * the demo tells its staff user (staff@boon.test), whose mail is in the mailbox.
     */
    ledgerAlertsTo: env.LEDGER_ALERTS_TO ?? (seedDemo ? 'staff@boon.test' : undefined),
    /**
     * What this process does: 'all' serves the product and works its jobs (npm start); 'api'
     * serves it and only queues jobs; 'worker' works jobs and answers only /healthz and /readyz
     * (npm run worker). Any number of each share one PostgreSQL.
     */
    role: env.SERVER_ROLE,
    /** Work background jobs in this process: never in the 'api' role, always in 'worker'. */
    runWorkers: env.SERVER_ROLE === 'worker' || (env.SERVER_ROLE === 'all' && env.RUN_WORKERS),
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL } as const)
      : ({ kind: 'pglite', dataDir: resolveDataDir(env.DATA_DIR, cwd) } as const),
    seedDemo,
    oidc: {
      issuer,
      clientId: env.OIDC_CLIENT_ID,
      audience: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      scope: env.OIDC_SCOPE,
    },
    /** The embedded provider serves /idp only while it is the configured issuer. */
    idp: { enabled: !external, issuer: embeddedIssuer },
    consoleDist: env.CONSOLE_DIST
      ? path.resolve(cwd, env.CONSOLE_DIST)
      : path.resolve(import.meta.dirname, '../../console/dist'),
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    /** scrypt's cost for new password hashes, as log2 N (existing hashes keep theirs). */
    passwordHashCost: env.PASSWORD_HASH_COST,
    sentryDsn: env.SENTRY_DSN ?? null,
    helpVideosUrl: env.HELP_VIDEOS_URL,
  };
}

function isLoopback(origin: string): boolean {
  const { hostname } = new URL(origin);
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

function resolveDataDir(dataDir: string, cwd: string): string {
  return dataDir.startsWith('memory://') ? dataDir : path.resolve(cwd, dataDir);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks the environment; a bad value throws a ConfigError naming each variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): ServerConfig {
  const parsed = envSchema.safeParse(emptyAsUnset(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data, cwd);
}

function emptyAsUnset(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
}
