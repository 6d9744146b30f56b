import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { openReadReplica, primaryOnly, registerReadYourWrites, type ReadRouting } from './db/read-replica.ts';
import { adminRoutes } from './features/admin/admin-routes.ts';
import { accountRoutes } from './features/auth/account-routes.ts';
import { contentRoutes } from './features/content/content-routes.ts';
import { createContentStore } from './content/content-store.ts';
import { careersRoutes } from './features/careers/careers-routes.ts';
import { contactRoutes } from './features/contact/contact-routes.ts';
import { analyticsRoutes } from './features/analytics/analytics-routes.ts';
import { applyPaymentEvent } from './features/bookings/use-cases/apply-payment-event.ts';
import { bookingDeps, type BookingDeps } from './features/bookings/use-cases/booking-deps.ts';
import { bookingsRoutes } from './features/bookings/bookings-routes.ts';
import { agreementsRoutes } from './features/agreements/agreements-routes.ts';
import { stayChangesRoutes } from './features/bookings/stay-changes-routes.ts';
import { longStayRoutes } from './features/bookings/long-stay-routes.ts';
import { moveInRoutes } from './features/bookings/move-in-routes.ts';
import { paymentProviderFor } from './features/payments/payment-providers.ts';
import { paymentsRoutes, stripeWebhookPath } from './features/payments/payments-routes.ts';
import { calendarSyncRoutes } from './features/calendar-sync/calendar-sync-routes.ts';
import { financeRoutes } from './features/finance/finance-routes.ts';
import { payoutMethodsRoutes, platformBankAccount } from './features/payout-methods/payout-methods-routes.ts';
import { receiptsRoutes } from './features/receipts/receipts-routes.ts';
import { hostListingsRoutes } from './features/host-listings/host-listings-routes.ts';
import { listingsRoutes } from './features/listings/listings-routes.ts';
import { messagesRoutes } from './features/messages/messages-routes.ts';
import { noticesRoutes } from './features/notices/notices-routes.ts';
import { reviewsRoutes } from './features/reviews/reviews-routes.ts';
import { peopleRoutes } from './features/people/people-routes.ts';
import { authRoutes } from './features/auth/auth-routes.ts';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox-routes.ts';
import { registerSessionHook } from './features/auth/session-hook.ts';
import { passkeyRoutes } from './features/auth/passkey-routes.ts';
import { createSecretBox } from './features/auth/secret-box.ts';
import { registerSecondFactorRequirement } from './features/auth/second-factor-requirement.ts';
import { secondFactorRoutes } from './features/auth/second-factor-routes.ts';
import { sessionCookieName } from './features/auth/session-tokens.ts';
import { geoRoutes } from './features/geo/geo-routes.ts';
import { mapRoutes } from './features/map/map-routes.ts';
import { healthRoutes } from './features/health/health-routes.ts';
import { readyRoutes } from './features/health/ready-routes.ts';
import { createMetrics, registerRequestMetrics, type Metrics } from './features/metrics/metrics.ts';
import { metricsRoutes } from './features/metrics/metrics-routes.ts';
import { mediaRoutes } from './features/media/media-routes.ts';
import { newsletterRoutes } from './features/newsletter/newsletter-routes.ts';
import { profileRoutes } from './features/profile/profile-routes.ts';
import { myDataRoutes } from './features/my-data/my-data-routes.ts';
import { closeAccountRoutes } from './features/auth/close-account-routes.ts';
import { createLaunchModeReader } from './settings/launch-mode.ts';
import { settingsRoutes } from './features/settings/settings-routes.ts';
import { seoRoutes } from './features/seo/seo-routes.ts';
import { searchRoutes } from './features/search/search-routes.ts';
import { savedSearchesRoutes } from './features/search/saved-searches-routes.ts';
import { signupsRoutes } from './features/signups/signups-routes.ts';
import { registerCrossSiteGuard } from './http/cross-site-guard.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerGracefulClose } from './http/graceful-close.ts';
import { registerHttpCache } from './http/http-cache.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerNulByteGuard } from './http/nul-byte-guard.ts';
import { openapiDocumentOptions, openapiTransform } from './http/openapi.ts';
import { requireEndpointEntries } from './http/route.ts';
import { registerRequestIdHeader, requestIdOptions } from './http/request-id.ts';
import { projectRoot } from './project-root.ts';
import { connectRedis } from './redis/redis-connection.ts';
import { createDatabaseRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit/rate-limiter.ts';
import type { Storage } from './storage/storage.ts';
import { registerWebApp } from './web-static.ts';
import { createResultCache, type ResultCache } from './cache/result-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The booking use cases' repositories, card provider, mailer and clock, for the booking jobs (main.ts). */
    bookingDeps: BookingDeps;
    /** The searches' and listing pages' cache (decision 065); tests wait on its `caughtUp` for writes made beside the app. */
    resultCache: ResultCache;
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  /** The built web app; tests that only call the API leave it out. */
  webDir?: string;
  /** Defaults to Redis when REDIS_URL is set (the database while Redis is down), else counters in the database. */
  rateLimiter?: RateLimiter;
  /** Blog, help and legal Markdown; defaults to the repository's content/ folder. */
  contentDir?: string;
  /** main.ts passes its own to share it with the booking jobs and the METRICS_PORT listener. */
  metrics?: Metrics;
  /** Where public reads go; defaults to DATABASE_READ_URL's replica when set, else the primary. */
  reads?: ReadRouting;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export const defaultWebDir = path.join(projectRoot, 'dist', 'web');

/** Builds the whole server as one Fastify instance; main.ts listens, tests call app.inject. */
export async function buildApp(deps: AppDependencies, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const { config, database, storage } = deps;
  const db = database.db;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    // A hop count trusts that many proxies nearest to us (proxy-addr's own rule for numbers).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    // Shutdown closes connections itself, after the grace period (http/graceful-close.ts).
    forceCloseConnections: false,
    bodyLimit: 1024 * 1024,
    ...requestIdOptions,
    ...options,
  });
  registerRequestIdHeader(app);
  const metrics = deps.metrics ?? createMetrics(database, app.log);
  registerRequestMetrics(app, metrics);
  // Fastify runs onClose hooks after the requests in flight have been answered.
  app.addHook('onClose', async () => database.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Security, operationIds and 4xx answers are derived from the routes (docs/decisions/040-openapi-document.md).
  await app.register(fastifySwagger, { openapi: openapiDocumentOptions(sessionCookieName), transform: openapiTransform });
  // Before compression: the ETag is of the uncompressed body (http/http-cache.ts).
  registerHttpCache(app);
  // JSON and HTML of 1 KB or more go out as brotli or gzip, whichever the client accepts.
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);

  registerGracefulClose(app, config.SHUTDOWN_GRACE_SECONDS * 1000);
  await registerSecurityHeaders(app, { isProduction: config.isProduction, webDir: deps.webDir, mapStyleUrl: config.MAP_STYLE_URL });

  registerErrorHandling(app);
  registerCrossSiteGuard(app, [stripeWebhookPath]);
  registerNulByteGuard(app);
  registerSessionHook(app, db);
  // Admins in production without a second factor are marked, and refused the admin routes (decision 051).
  registerSecondFactorRequirement(app, db, config.isProduction);
  // Public reads on the replica when there is one (docs/decisions/038-read-replica-and-backups.md).
  const reads =
    deps.reads ??
    (config.DATABASE_READ_URL
      ? await openReadReplica({
          primary: database,
          replicaUrl: config.DATABASE_READ_URL,
          maxLagSeconds: config.DATABASE_READ_MAX_LAG_SECONDS,
          log: app.log,
        })
      : primaryOnly(database));
  app.addHook('onClose', async () => reads.close());
  metrics.watchReplica(reads);
  registerReadYourWrites(app, reads, config.NODE_ENV !== 'development');

  // Redis speeds up limits and the result cache; while it is down both do without it
  // (docs/decisions/035-redis-and-database-outages.md).
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, { log: app.log, registry: metrics.registry }) : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());
  const rateLimiter =
    deps.rateLimiter ?? (redis ? createRedisRateLimiter(redis, createDatabaseRateLimiter(db)) : createDatabaseRateLimiter(db));
  app.addHook('onClose', async () => rateLimiter.close());
  // Searches and visitors' listing pages (docs/decisions/013-search-result-cache.md), fresh by the keys
  // writes touch (docs/decisions/065-keyed-cache.md).
  const resultCache = await createResultCache({
    database,
    ttlSeconds: config.SEARCH_CACHE_SECONDS,
    redis,
    keyPrefix: config.SEARCH_CACHE_KEY_PREFIX,
    staleForMs: reads.staleForMs,
  });
  app.addHook('onClose', async () => resultCache.close());
  app.decorate('resultCache', resultCache);
  // A write is answered once this instance has read the changes it committed (with Redis, for every
  // instance), so that its writer's next search or listing page shows it. Before every route.
  const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  app.addHook('onSend', async (request, _reply, payload) => {
    if (writeMethods.has(request.method)) await resultCache.caughtUp();
    return payload;
  });

  // Every API route from here on is registered from its entry in the endpoints map (decision 064).
  requireEndpointEntries(app);
  await app.register(healthRoutes, { database });
  await app.register(readyRoutes, { database, storage, redisUp: redis?.isUp });
  // Production serves /metrics only behind a token; METRICS_PORT moves it off the public port.
  if (!config.METRICS_PORT && (config.METRICS_TOKEN || !config.isProduction)) {
    await app.register(metricsRoutes, { metrics, token: config.METRICS_TOKEN });
  }
  const session = {
    db,
    sessionDays: config.SESSION_DAYS,
    // Secure everywhere but local development over plain http.
    secureCookies: config.NODE_ENV !== 'development',
    isProduction: config.isProduction,
  };
  await app.register(authRoutes, { session, rateLimiter });
  // The second factor and passkeys (docs/decisions/051-second-factor-and-passkeys.md).
  await app.register(secondFactorRoutes, { session, rateLimiter, secretBox: createSecretBox(config.TWO_FACTOR_KEY) });
  await app.register(passkeyRoutes, { session, rateLimiter, siteUrl: config.siteUrl });
  await app.register(accountRoutes, { db, rateLimiter, siteUrl: config.siteUrl });
  if (!config.isProduction) await app.register(devMailboxRoutes, { db });
  const launchMode = createLaunchModeReader(db, config.SETTINGS_CACHE_SECONDS * 1000);
  await app.register(settingsRoutes, { launchMode });
  await app.register(searchRoutes, { reads, launchMode, resultCache });
  await app.register(savedSearchesRoutes, { db });
  await app.register(mapRoutes, { reads, launchMode, styleUrl: config.MAP_STYLE_URL ?? null });
  // Cards through Stripe when configured, else pay on arrival (docs/decisions/024-payments.md).
  const provider = paymentProviderFor(config);
  const bookings = bookingDeps({ db, provider, log: app.log, siteUrl: config.siteUrl, countOutcome: metrics.countBookingOutcome });
  await app.register(bookingsRoutes, { db, rateLimiter, deps: bookings });
  await app.register(stayChangesRoutes, { deps: bookings });
  await app.register(longStayRoutes, { deps: bookings });
  // Move-in protection: reports, photos, answers, admins' decisions (decision 056).
  await app.register(moveInRoutes, { deps: bookings, storage });
  // The webhook's effect is the bookings' use case (apply-payment-event.ts).
  await app.register(paymentsRoutes, { provider, handleEvent: (event) => applyPaymentEvent(bookings, event) });
  // The booking jobs (main.ts) run the same use cases with the same provider.
  app.decorate('bookingDeps', bookings);
  await app.register(messagesRoutes, { db, rateLimiter, siteUrl: config.siteUrl });
  // The notification centre: the notices the moments above write beside their mails (decision 063).
  await app.register(noticesRoutes, { db });
  await app.register(reviewsRoutes, { db, siteUrl: config.siteUrl });
  await app.register(peopleRoutes, { reads, launchMode });
  await app.register(listingsRoutes, { db, reads, launchMode, resultCache });
  await app.register(mediaRoutes, { storage });
  const content = createContentStore(deps.contentDir);
  await app.register(contentRoutes, { content, launchMode });
  await app.register(newsletterRoutes, { db, rateLimiter, siteUrl: config.siteUrl });
  await app.register(signupsRoutes, { db, rateLimiter });
  await app.register(contactRoutes, { db, rateLimiter });
  await app.register(careersRoutes, { db, storage, rateLimiter });
  await app.register(geoRoutes);
  await app.register(analyticsRoutes, { db, rateLimiter });
  await app.register(seoRoutes, { db, content, siteUrl: config.siteUrl, launchMode });
  await app.register(profileRoutes, { db, storage });
  await app.register(myDataRoutes, { db, storage, siteUrl: config.siteUrl });
  await app.register(closeAccountRoutes, { db, rateLimiter, eraseAfterDays: config.ACCOUNT_ERASE_AFTER_DAYS });
  await app.register(adminRoutes, { db, storage, launchMode, siteUrl: config.siteUrl });
  await app.register(hostListingsRoutes, { db, storage });
  await app.register(receiptsRoutes, { db });
  // The long stay's agreement (docs/decisions/055-stay-agreement.md).
  await app.register(agreementsRoutes, { db });
  await app.register(financeRoutes, { db });
  await app.register(payoutMethodsRoutes, {
    db,
    payTo: platformBankAccount(config.PLATFORM_BANK_ACCOUNT, config.PLATFORM_BANK_ACCOUNT_NAME),
  });
  await app.register(calendarSyncRoutes, {
    db,
    siteUrl: config.siteUrl,
    sync: { everyMinutes: config.CALENDAR_SYNC_MINUTES, allowPrivateAddresses: config.CALENDAR_SYNC_PRIVATE_ADDRESSES === 'allow' },
    rateLimiter,
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerWebApp(app, deps.webDir ?? '', config.siteUrl, { serveSourceMaps: !config.isProduction });
  return app;
}
