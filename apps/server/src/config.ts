import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every environment variable the server reads, with its default. README's table mirrors this. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    PUBLIC_URL: z.string().url().optional(),
    TRUST_PROXY: booleanFromEnv.default(false),
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
    OIDC_ISSUER: z.string().url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).default('boon-console'),
    OIDC_AUDIENCE: z.string().min(1).optional(),
    OIDC_SCOPE: z.string().min(1).default('openid email profile'),
    CONSOLE_DIST: z.string().min(1).optional(),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.SEED_DEMO === true), {
    path: ['SEED_DEMO'],
    message: 'demo data is refused when NODE_ENV=production',
  });

export type ServerConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>, cwd: string) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const embeddedIssuer = `${publicUrl}/idp`;
  const issuer = (env.OIDC_ISSUER ?? embeddedIssuer).replace(/\/+$/, '');
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    productName: env.PRODUCT_NAME,
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL } as const)
      : ({ kind: 'pglite', dataDir: resolveDataDir(env.DATA_DIR, cwd) } as const),
    // Demo data by default everywhere but production, where it is refused outright.
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    oidc: {
      issuer,
      clientId: env.OIDC_CLIENT_ID,
      audience: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      scope: env.OIDC_SCOPE,
    },
    /** The embedded provider serves /idp only while it is the configured issuer. */
    idp: { enabled: issuer === embeddedIssuer, issuer: embeddedIssuer },
    consoleDist: env.CONSOLE_DIST
      ? path.resolve(cwd, env.CONSOLE_DIST)
      : path.resolve(import.meta.dirname, '../../console/dist'),
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  };
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
