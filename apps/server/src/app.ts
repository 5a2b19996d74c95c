import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { createAccounts, customerManagementRoutes, seedDemo } from '@boon/customer-management';
import { openDatabase, type DatabaseHandle } from '@boon/db';
import { startJobQueue, type JobQueue } from '@boon/db/jobs';
import { createMailer, mailboxRoutes } from '@boon/mail';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config.js';
import { consoleConfigFor } from './console-config.js';
import { createEmbeddedIdp } from './idp/index.js';
import { accessDeclarationsPlugin } from './plugins/access-declarations.js';
import { authenticationPlugin } from './plugins/authentication.js';
import { consoleHostingPlugin } from './plugins/console-hosting.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { healthRoutes } from './plugins/health.js';
import { openApiPlugin } from './plugins/openapi.js';
import { securityHeaders } from './security-headers.js';
import { requestForLog } from './request-log.js';
import { createTokenVerifier } from './token-verifier.js';

export interface BuildAppOptions {
  config: ServerConfig;
  /** An open database to use instead of the configured one (tests); the app closes it too. */
  database?: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/**
 * The one process: plugins in layers (external → app → identity → services → console), after the
 * database is migrated and, where configured, seeded.
 */
export async function buildApp({
  config,
  database,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: requestForLog },
      ...(logStream ? { stream: logStream } : {}),
    },
    // A hop count becomes proxy-addr's "trust the nearest N" function (the typed form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    },
  });

  const handle = database ?? (await openDatabase(config.database));
  const running: { jobs?: JobQueue } = {};
  // Workers stop before the database they use closes.
  app.addHook('onClose', async () => {
    await running.jobs?.stop();
    await handle.close();
  });
  try {
    await handle.migrate();
    if (config.seedDemo && (await seedDemo(handle.db))) app.log.info('demo data seeded');
  } catch (error) {
    await app.close();
    throw error;
  }
  const accounts = createAccounts(handle.db);
  const jobs = await startJobQueue(handle, { runWorkers: config.runWorkers });
  running.jobs = jobs;
  const mailer = await createMailer({
    db: handle.db,
    jobs,
    productName: config.productName,
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
  });

  // First, so it sees every route that follows.
  await app.register(accessDeclarationsPlugin);

  // External layer: security headers, parsers, limits, schemas.
  await app.register(helmet, securityHeaders(config));
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(openApiPlugin, {
    productName: config.productName,
    publicUrl: config.publicUrl,
  });

  // App layer: errors and who is calling.
  await app.register(errorHandlerPlugin);
  const idp = config.idp.enabled
    ? await createEmbeddedIdp({ config, db: handle.db, accounts, mailer, log: app.log })
    : undefined;
  if (idp) app.addHook('onClose', () => idp.close());
  await app.register(authenticationPlugin, {
    accounts,
    verifier: createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      ...(idp ? { localJwks: idp.publicJwks, tokenType: 'at+jwt' } : {}),
    }),
  });

  // Identity, services, then the console that catches everything else.
  if (idp) await app.register(idp.plugin);
  await app.register(healthRoutes, { pingDatabase: () => handle.ping() });
  await app.register(customerManagementRoutes, {
    prefix: '/api/customer-management',
    db: handle.db,
    jobs,
    mailer,
    publicUrl: config.publicUrl,
    productName: config.productName,
  });
  await app.register(mailboxRoutes, {
    prefix: '/api/mail',
    db: handle.db,
    exposeBodies: config.nodeEnv !== 'production',
  });
  await app.register(consoleHostingPlugin, {
    distDir: config.consoleDist,
    consoleConfig: consoleConfigFor(config),
  });
  return app;
}
