import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import {
  balancesTermsAcceptedBy,
  createAccounts,
  passwordHashing,
  customerBillingProfile,
  customerManagementService,
  customerOrderingProfile,
} from '@boon/customer-management';
import { openDatabase, type DatabaseHandle } from '@boon/db';
import { startJobQueue, type JobQueue } from '@boon/db/jobs';
import { createMailer, mailboxService, mailDeliveries } from '@boon/mail';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config.js';
import { parseFormBody } from './form-body.js';
import { consoleConfigFor } from './console-config.js';
import { createEmbeddedIdp, defineIdpJobs } from './idp/index.js';
import { accessDeclarationsPlugin } from './plugins/access-declarations.js';
import { authenticationPlugin } from './plugins/authentication.js';
import { consoleHostingPlugin } from './plugins/console-hosting.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { HEALTH_PATHS, healthRoutes } from './plugins/health.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { openApiPlugin, staffOpenApiRoute } from './plugins/openapi.js';
import { publicHostPlugin } from './plugins/public-host.js';
import { responseCompression } from './response-compression.js';
import { securityHeaders } from './security-headers.js';
import { billingService } from '@boon/billing';
import { catalogService, findOrderableProducts, logoRoutes } from '@boon/catalog';
import { orderingService, redeemService, redemptionPages } from '@boon/ordering';
import { createSandboxSupplier } from '@boon/reward-supplier';
import { createSandboxProcessor, sandboxPages } from '@boon/card-processor';
import { connectPages } from '@boon/connect';
import { CARD_PROCESSOR_PATH, defaultServiceBasePaths } from '@boon/contracts';
import { savedCardsService, savedCardToken } from '@boon/saved-cards';
import { bindService, type BoundService } from './services.js';
import { requestForLog } from './request-log.js';
import { errorForLog } from './error-log.js';
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
      serializers: { req: requestForLog, err: errorForLog },
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
  } catch (error) {
    await app.close();
    throw error;
  }
  const passwords = passwordHashing(config.passwordHashCost);
  const accounts = createAccounts(handle.db, passwords);
  const jobs = await startJobQueue(handle, { runWorkers: config.runWorkers });
  running.jobs = jobs;
  const mailer = await createMailer({
    jobs,
    productName: config.productName,
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
  });
  // The embedded sandbox card processor stands in for a payment provider.
  const cardProcessor = createSandboxProcessor(handle.db, { basePath: CARD_PROCESSOR_PATH });
  // The embedded sandbox supplier stands in for the reward supplier.
  const orderingDeps = {
    db: handle.db,
    jobs,
    mailer,
    orderingProfile: (customerId: string) => customerOrderingProfile(handle.db, customerId),
    products: (codes: readonly string[]) =>
      findOrderableProducts(handle.db, codes, defaultServiceBasePaths.catalog),
    mailDeliveries,
    supplier: createSandboxSupplier(handle.db),
    publicUrl: config.publicUrl,
    productName: config.productName,
  };
  const services: BoundService[] = [
    bindService(customerManagementService, {
      db: handle.db,
      jobs,
      mailer,
      publicUrl: config.publicUrl,
      productName: config.productName,
      passwords,
    }),
    bindService(mailboxService, {
      db: handle.db,
      exposeBodies: config.mailbox.showBodies,
      smtp: mailer.smtp,
    }),
    bindService(billingService, {
      db: handle.db,
      jobs,
      mailer,
      ledgerAlertsTo: config.ledgerAlertsTo,
      customerProfile: (customerId) => customerBillingProfile(handle.db, customerId),
      balancesTermsAccepted: (userId) => balancesTermsAcceptedBy(handle.db, userId),
      cardProcessor,
      savedCardToken: (customerId, cardId) => savedCardToken(handle.db, customerId, cardId),
      publicUrl: config.publicUrl,
      productName: config.productName,
      log: app.log.child({ service: 'billing' }),
    }),
    bindService(savedCardsService, { db: handle.db, cardProcessor }),
    bindService(catalogService, { db: handle.db }),
    bindService(orderingService, orderingDeps),
    bindService(redeemService, orderingDeps),
  ];
  // Every role declares every queue, so an API process can queue what a worker will run.
  for (const service of services) await service.defineJobs(jobs);
  if (config.idp.enabled) {
    await defineIdpJobs({ config, db: handle.db, accounts, mailer, jobs });
  }
  try {
    for (const service of config.seedDemo ? services : []) {
      if (await service.seed()) app.log.info(`${service.name}: demo data seeded`);
    }
  } catch (error) {
    await app.close();
    throw error;
  }

  // First, so it sees every route that follows.
  await app.register(accessDeclarationsPlugin);

  // Before anything answers: the product speaks only for its public origin.
  await app.register(publicHostPlugin, {
    publicUrl: config.publicUrl,
    anyHostPaths: HEALTH_PATHS,
  });

  // External layer: security headers, parsers, limits, schemas.
  await app.register(helmet, securityHeaders(config));
  await app.register(compress, responseCompression);
  await app.register(formbody, { parser: parseFormBody });
  await app.register(rateLimit, { global: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(openApiPlugin, {
    productName: config.productName,
    publicUrl: config.publicUrl,
    issuer: config.oidc.issuer,
    audience: config.oidc.audience,
  });

  // App layer: errors and who is calling.
  await app.register(errorHandlerPlugin, { strictDeclaredErrors: config.nodeEnv !== 'production' });
  const idp =
    config.idp.enabled && config.role !== 'worker'
      ? await createEmbeddedIdp({ config, db: handle.db, accounts, mailer, jobs, log: app.log })
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
  await app.register(idempotencyPlugin, { db: handle.db, jobs });
  await app.register(staffOpenApiRoute);

  await app.register(healthRoutes, { pingDatabase: () => handle.ping() });
  // A worker answers its health checks and nothing else.
  if (config.role === 'worker') return app;

  // Identity, services, then the console that catches everything else.
  if (idp) await app.register(idp.plugin);
  for (const service of services) await app.register(service.routes, { prefix: service.basePath });
  await app.register(logoRoutes, { prefix: defaultServiceBasePaths.catalog, db: handle.db });
  await app.register(redemptionPages, { prefix: '/redeem', ...orderingDeps });
  await app.register(connectPages, { prefix: defaultServiceBasePaths.connect });
  await app.register(sandboxPages, {
    prefix: CARD_PROCESSOR_PATH,
    processor: cardProcessor,
    basePath: CARD_PROCESSOR_PATH,
    productName: config.productName,
  });
  await app.register(consoleHostingPlugin, {
    distDir: config.consoleDist,
    consoleConfig: consoleConfigFor(config),
  });
  return app;
}
