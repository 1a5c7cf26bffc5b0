import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { ZodError } from 'zod';
import type { ErrorBody } from '../shared/errors';
import { answerCall } from './automation/calls';
import { registerCampaignRunsRoutes } from './automation/campaigns/routes';
import { campaignInbound, registerCampaignSender } from './automation/campaigns/sender';
import { registerContactListCheck } from './automation/contact-list-check';
import { routeStoredBatch } from './automation/routing';
import { registerScheduledMessages } from './automation/scheduled-messages';
import { registerTimers } from './automation/timers';
import { ChannelRegistry } from './channels/registry';
import { type LeaseTiming, Sessions } from './channels/sessions';
import { setupChannels } from './channels/setup';
import type { OfflineWhatsapp } from './channels/test/offline-whatsapp';
import { actorFromClaims, authenticate, reloadActor } from './http/authenticate';
import { registerHealthRoutes } from './http/health';
import { createRouter } from './http/router';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWeb } from './http/web';
import { JobRunner } from './jobs/runner';
import { registerAnnouncementsRoutes } from './modules/announcements/routes';
import { registerAuditRoutes } from './modules/audit/routes';
import { registerAuthRoutes } from './modules/auth/routes';
import { TokenService } from './modules/auth/tokens';
import { registerCampaignsRoutes } from './modules/campaigns/routes';
import { registerChatbotsRoutes } from './modules/chatbots/routes';
import { registerCompaniesRoutes } from './modules/companies/routes';
import { registerContactListsRoutes } from './modules/contact-lists/routes';
import { registerContactsRoutes } from './modules/contacts/routes';
import { registerDashboardRoutes } from './modules/dashboard/routes';
import { registerExternalApiRoutes } from './modules/external-api/routes';
import { registerFilesRoutes } from './modules/files/routes';
import { registerGraphRoutes } from './modules/graph/routes';
import { registerHelpsRoutes } from './modules/helps/routes';
import { registerInvoiceOpening } from './modules/invoices/opening';
import { registerInvoicesRoutes } from './modules/invoices/routes';
import { registerPixTestRoutes } from './modules/invoices/test-pay';
import { channelEvents, type InboundAutomation } from './modules/messages/inbound';
import { registerMessagesRoutes } from './modules/messages/routes';
import { registerNotesRoutes } from './modules/notes/routes';
import { registerPlansRoutes } from './modules/plans/routes';
import { registerQueuesRoutes } from './modules/queues/routes';
import { registerQuickMessagesRoutes } from './modules/quick-messages/routes';
import { registerReportsRoutes } from './modules/reports/routes';
import { registerScheduledMessagesRoutes } from './modules/scheduled-messages/routes';
import { registerSettingsRoutes } from './modules/settings/routes';
import { registerSyncPrune } from './modules/sync/prune';
import { registerSyncRoutes } from './modules/sync/routes';
import { registerTagsRoutes } from './modules/tags/routes';
import { registerCloseAllJob } from './modules/tickets/close-all';
import { registerTicketsRoutes } from './modules/tickets/routes';
import { registerTicketSockets } from './modules/tickets/sockets';
import { registerUsersRoutes } from './modules/users/routes';
import { registerWhatsappsRoutes } from './modules/whatsapps/routes';
import { createPixProvider } from './payments/setup';
import { AppError } from './platform/app-error';
import type { Config } from './platform/config';
import type { Db } from './platform/database';
import type { Router, ServerDeps } from './platform/deps';
import { diskMediaStore, s3MediaStore } from './platform/media';
import { openRedis } from './platform/redis';
import { errorForLog } from './platform/text';
import { Presence } from './realtime/presence';
import { acceptSockets, createRealtime, type Realtime } from './realtime/server';

const UPDATES_PREFIX = '/updates/';

/** Every module's routes. A new domain adds one line here. */
const modules: ((router: Router) => void)[] = [
  registerAuthRoutes,
  registerUsersRoutes,
  registerSettingsRoutes,
  registerPlansRoutes,
  registerHelpsRoutes,
  registerAnnouncementsRoutes,
  registerCompaniesRoutes,
  registerQueuesRoutes,
  registerChatbotsRoutes,
  registerFilesRoutes,
  registerQuickMessagesRoutes,
  registerScheduledMessagesRoutes,
  registerTicketsRoutes,
  registerMessagesRoutes,
  registerContactsRoutes,
  registerTagsRoutes,
  registerNotesRoutes,
  registerWhatsappsRoutes,
  registerGraphRoutes,
  registerSyncRoutes,
  registerExternalApiRoutes,
  registerInvoicesRoutes,
  registerDashboardRoutes,
  registerReportsRoutes,
  registerAuditRoutes,
  registerContactListsRoutes,
  registerCampaignsRoutes,
  registerCampaignRunsRoutes,
];

export interface BuiltApp {
  app: FastifyInstance;
  realtime: Realtime;
  deps: ServerDeps;
  close(): Promise<void>;
}

export interface BuildOptions {
  db: Db;
  config: Config;
  logger?: FastifyBaseLogger | boolean;
  /** Check every answer against its contract (on in tests, so drift fails them). */
  validateResponses?: boolean;
  /** Milliseconds clock for access tokens (tests move it to expire tokens). */
  tokenClock?: () => number;
  /** With config.whatsappSocket 'fake': the offline WhatsApp sockets (tests hold them to play the phone). */
  offlineWhatsapp?: OfflineWhatsapp;
  /** Lease and command timings (tests shorten them to watch takeovers). */
  leaseTiming?: LeaseTiming;
}

function errorBody(err: unknown): { status: number; body: ErrorBody } {
  if (err instanceof AppError) return { status: err.status, body: { error: err.code } };
  if (err instanceof ZodError) {
    const issues = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return { status: 400, body: { error: issues[0]?.message ?? 'Invalid', issues } };
  }
  const e = err as { statusCode?: number; code?: string };
  if (e.statusCode === 429) return { status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } };
  // A body or file over its route's limit (the multipart plugin's and Fastify's own errors).
  if (e.statusCode === 413) return { status: 413, body: { error: 'ERR_FILE_TOO_LARGE' } };
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return { status: e.statusCode, body: { error: e.code ?? 'ERR_BAD_REQUEST' } };
  }
  return { status: 500, body: { error: 'ERR_INTERNAL' } };
}

/** A folder of the data folder, or of the S3 bucket when one is configured. */
const mediaStore = (config: Config, folder: string) =>
  config.s3 ? s3MediaStore(config.s3, folder) : diskMediaStore(path.join(config.dataDir, folder));

/** Builds the Fastify app and Socket.IO on one HTTP server, without listening (tests use it directly). */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { db, config } = options;
  const app = Fastify({
    // errorForLog: a failed statement's parameters (message bodies) never reach the log.
    logger: options.logger ?? { level: config.logLevel, serializers: { err: errorForLog } },
    routerOptions: { ignoreTrailingSlash: true },
    // A hop count trusts that many proxies nearest the server (Fastify's types take it as a function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Routes outside the contract (the Meta webhook, the test channel's media); contract routes have their own.
    bodyLimit: 5 * 1024 * 1024,
    // One line per request drowns the terminal of `npm start`; LOG_LEVEL=debug brings them back.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  await registerSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  // Several servers (REDIS_URL): one Redis joins them; a single server needs none.
  const cluster = config.redisUrl
    ? {
        redis: openRedis(config.redisUrl, (err) => app.log.warn({ err }, 'Redis unreachable; retrying')),
        prefix: config.redisPrefix,
      }
    : undefined;
  // With several servers the limits count in Redis, so a balancer spreading the attempts changes nothing.
  await app.register(fastifyRateLimit, {
    global: false,
    ...(cluster && { redis: cluster.redis, nameSpace: `${cluster.prefix}:rate-limit:` }),
  });
  await app.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024, files: 10 } });

  app.setErrorHandler((err, req, reply) => {
    const { status, body } = errorBody(err);
    if (status >= 500) req.log.error({ err }, 'request failed');
    reply.status(status).send(body);
  });

  const realtime = createRealtime(app.server, {
    reloadActor: (actor) => reloadActor(db, actor),
    onError: (err) => app.log.error({ err }, 'realtime event failed'),
    cluster,
  });
  const presence = new Presence(cluster);
  const tokens = await TokenService.create(
    db,
    config.jwtSecret,
    config.accessTokenTtlSeconds,
    options.tokenClock,
  );
  // What runs after inbound messages are stored: modules never import automation, so it is wired here.
  const automation: InboundAutomation = {
    stored: (batch) => {
      campaignInbound(deps, batch);
      routeStoredBatch(deps, batch);
    },
    call: (connection, call, file) => answerCall(deps, connection, call, file),
  };
  const channels = new ChannelRegistry(db, (connection) => channelEvents(deps, connection, automation));
  const jobs = new JobRunner(db, app.log, { pollMs: config.jobPollMs });
  const sessions = new Sessions(() => deps, options.leaseTiming);
  const deps: ServerDeps = {
    db,
    config,
    tokens,
    realtime,
    presence,
    channels,
    jobs,
    sessions,
    log: app.log,
    media: mediaStore(config, 'media'),
    avatars: mediaStore(config, 'public'),
    cluster,
    payments: createPixProvider(config),
  };

  const router = createRouter(app, deps, options.validateResponses ?? false);
  for (const register of modules) register(router);
  // Set first thing when stopping: the balancer's readiness probe sends no more traffic here.
  let stopping = false;
  registerHealthRoutes(app, deps, () => stopping);

  acceptSockets(
    realtime,
    async (token) => {
      const result = await tokens.verify(token);
      if (!result.ok)
        return { error: 'ERR_SESSION_EXPIRED', status: result.reason === 'expired' ? 403 : 401 };
      // A replaced session's socket is told so (ERR_SESSION_REPLACED), as its HTTP calls are.
      try {
        const actor = await actorFromClaims(deps, result.claims);
        // 2-administration §4.2: an overdue company hears nothing live, as its calls answer 402.
        if (actor.overdue) return { error: 'ERR_SUBSCRIPTION_EXPIRED', status: 402 };
        return { actor, expiresInMs: result.expiresInMs };
      } catch (err) {
        if (err instanceof AppError) return { error: err.code, status: err.status };
        throw err;
      }
    },
    {
      onConnect: (actor) => presence.connected(actor.userId),
      onDisconnect: (actor) => presence.disconnected(actor.userId),
      onStatusPing: (actor) => presence.ping(actor.userId),
    },
  );
  registerTicketSockets(realtime, db);
  await setupChannels(app, deps, {
    authenticate: (req) => authenticate(deps, req),
    offline: options.offlineWhatsapp,
  });
  await registerTimers(deps);
  await registerCampaignSender(deps);
  await registerSyncPrune(deps);
  await registerInvoiceOpening(deps);
  registerCloseAllJob(deps);
  registerContactListCheck(deps);
  registerScheduledMessages(deps);
  if (config.testChannel) registerPixTestRoutes(app, deps);
  jobs.start();

  const webIndex = path.join(config.webDir, 'index.html');
  if (existsSync(webIndex)) await registerWeb(app, config.webDir);
  // The desktop app's auto-update feed: a company publishes new versions on its own server.
  if (existsSync(config.updatesDir)) {
    await app.register(fastifyStatic, {
      root: config.updatesDir,
      prefix: UPDATES_PREFIX,
      decorateReply: false,
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (
      req.method === 'GET' &&
      !url.startsWith('/api/') &&
      !url.startsWith('/socket.io') &&
      !url.startsWith(UPDATES_PREFIX) &&
      existsSync(webIndex)
    ) {
      // Client-side routes (/tickets/…, /users) all load the single-page app.
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ error: 'ERR_NOT_FOUND' } satisfies ErrorBody);
  });

  return {
    app,
    realtime,
    deps,
    async close() {
      stopping = true;
      // Until the balancer has seen the 503 it still sends requests here: they are served in full.
      if (config.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainMs));
      await jobs.stop();
      await sessions.stop();
      await presence.stop();
      await realtime.close();
      await app.close();
      cluster?.redis.disconnect();
    },
  };
}
