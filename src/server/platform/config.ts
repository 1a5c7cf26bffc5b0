import path from 'node:path';
import { IMPORT_PREPARING_MS } from '../../shared/api/whatsapps';
import type { S3Config } from './media';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** With ATENDO_S3_BUCKET: media in that S3-compatible bucket instead of the data folder. */
  s3: S3Config | undefined;
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  /** Joins the servers of one deployment (realtime relay, rate limits, presence, command wake-ups). */
  redisUrl: string | undefined;
  /** What every Redis key and channel of this deployment starts with (several deployments on one Redis). */
  redisPrefix: string;
  jwtSecret: string | undefined;
  /** Where the built web client is; served at / when present. */
  webDir: string;
  /** The desktop app's update files (electron-builder's output), served at /updates/ when present. */
  updatesDir: string;
  testChannel: boolean;
  /** 'fake': WhatsApp sockets that never touch the network and offer a QR code at once (tests, journeys). */
  whatsappSocket: 'baileys' | 'fake';
  logLevel: string;
  /** Sign-in attempts per minute for one e-mail; one address gets ADDRESS_LOGIN_FACTOR times as many. */
  loginRateLimit: number;
  /** Signups per hour from one address. */
  signupRateLimit: number;
  /**
   * Which proxies' X-Forwarded-For to believe (ATENDO_TRUST_PROXY): false (none, the default), a hop
   * count, or the proxies' addresses. Believing any client would let it pick its own rate-limit key.
   */
  trustProxy: false | number | string[];
  /** External API sends per minute per connection token. */
  apiRateLimit: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  secureCookies: boolean;
  /** A history import starts once WhatsApp has sent no history for this long (2-administration §9: 35 s). */
  importQuietMs: number;
  /** How often the server looks for due jobs (timers, close all); 0: only when asked (tests). */
  jobPollMs: number;
  /** The Graph API (Facebook, Instagram, WhatsApp Cloud API) and the Meta app the webhooks come from. */
  graph: GraphConfig;
}

export interface GraphConfig {
  /** Base URL without the version (tests point it at a local fake). */
  url: string;
  /** Path version, e.g. v21.0; also the Facebook JS SDK's. */
  version: string;
  /** The Meta app: the browser's Facebook login, long-lived tokens. */
  appId: string | undefined;
  /** Signs the webhooks (X-Hub-Signature-256); without it every webhook POST is refused. */
  appSecret: string | undefined;
  /** What the webhook verification (hub.verify_token) must carry; without it verification is refused. */
  verifyToken: string | undefined;
}

/** Reads the environment; every value has a default that works with no environment at all. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // The test channel's endpoints take messages from anyone: never on a production server.
  if (env.ATENDO_TEST_CHANNEL === '1' && env.NODE_ENV === 'production')
    throw new Error('ATENDO_TEST_CHANNEL=1 is refused when NODE_ENV=production');
  const dataDir = path.resolve(env.ATENDO_DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    s3: env.ATENDO_S3_BUCKET
      ? {
          endpoint: env.ATENDO_S3_ENDPOINT || undefined,
          bucket: env.ATENDO_S3_BUCKET,
          region: env.ATENDO_S3_REGION || 'us-east-1',
          accessKeyId: env.ATENDO_S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.ATENDO_S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: env.ATENDO_S3_FORCE_PATH_STYLE === '1',
        }
      : undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: env.ATENDO_ADMIN_EMAIL ?? 'admin@atendo.local',
    adminPassword: env.ATENDO_ADMIN_PASSWORD || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.ATENDO_REDIS_PREFIX || 'atendo',
    jwtSecret: env.ATENDO_JWT_SECRET || undefined,
    webDir: path.resolve(env.ATENDO_WEB_DIR ?? './dist/web'),
    updatesDir: path.resolve(env.ATENDO_UPDATES_DIR ?? path.join(dataDir, 'updates')),
    testChannel: env.ATENDO_TEST_CHANNEL === '1',
    whatsappSocket: env.ATENDO_TEST_CHANNEL === '1' || env.ATENDO_FAKE_WHATSAPP === '1' ? 'fake' : 'baileys',
    logLevel: env.LOG_LEVEL ?? 'info',
    loginRateLimit: Number(env.ATENDO_LOGIN_RATE_LIMIT ?? 10),
    signupRateLimit: Number(env.ATENDO_SIGNUP_RATE_LIMIT ?? 5),
    trustProxy: parseTrustProxy(env.ATENDO_TRUST_PROXY),
    apiRateLimit: Number(env.ATENDO_API_RATE_LIMIT ?? 60),
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 7 * 24 * 60 * 60,
    secureCookies: env.ATENDO_SECURE_COOKIES === '1',
    importQuietMs: IMPORT_PREPARING_MS,
    jobPollMs: 1000,
    graph: {
      url: (env.ATENDO_GRAPH_API_URL || 'https://graph.facebook.com').replace(/\/+$/, ''),
      version: env.ATENDO_GRAPH_API_VERSION || 'v21.0',
      appId: env.ATENDO_FACEBOOK_APP_ID || undefined,
      appSecret: env.ATENDO_FACEBOOK_APP_SECRET || undefined,
      verifyToken: env.ATENDO_FACEBOOK_VERIFY_TOKEN || undefined,
    },
  };
}

/** ATENDO_TRUST_PROXY: unset or empty, none; digits, that many hops; otherwise proxy addresses, comma-separated. */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim();
  if (!text) return false;
  if (/^\d+$/.test(text)) return Number(text) || false;
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
