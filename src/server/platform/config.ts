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
  /**
   * How long a stopping server keeps serving while /api/ready answers 503 (ATENDO_DRAIN_MS): the time a
   * balancer's readiness probe needs to stop sending it requests. 5 s with REDIS_URL, else none.
   */
  drainMs: number;
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
  /**
   * Who makes the Pix charges of the checkout (2-administration §2.9): Efí with ATENDO_PIX_PROVIDER=efi, a
   * fake bank with the test channel, none otherwise (checkout answers ERR_BILLING_NOT_CONFIGURED).
   */
  pix: PixConfig | undefined;
}

export type PixConfig = { provider: 'fake' } | ({ provider: 'efi' } & EfiConfig);

/** Efí's Pix API: OAuth2 client credentials over mutual TLS with the account's certificate. */
export interface EfiConfig {
  url: string;
  clientId: string;
  clientSecret: string;
  /** A .p12 file as Efí issues it, or the same converted to PEM (certificate and key in one file). */
  certificate: string;
  /** The account's Pix key the charges are paid to. */
  pixKey: string;
  /** What the webhook address carries as ?hmac=; a call without it is not Efí's. */
  webhookSecret: string;
  /** A certificate authority to trust for the API besides the system's (a local fake in tests). */
  ca: string | undefined;
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
    drainMs: Number(env.ATENDO_DRAIN_MS ?? (env.REDIS_URL ? 5_000 : 0)),
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
    pix: pixConfig(env),
  };
}

function pixConfig(env: NodeJS.ProcessEnv): PixConfig | undefined {
  const provider = env.ATENDO_PIX_PROVIDER || undefined;
  if (provider === undefined) return env.ATENDO_TEST_CHANNEL === '1' ? { provider: 'fake' } : undefined;
  if (provider !== 'efi')
    throw new Error(`ATENDO_PIX_PROVIDER: unknown provider ${provider} (efi is the one there is)`);
  const required = (name: string) => {
    const value = env[name];
    // A half-configured provider would fail at the first payment; say so at start instead.
    if (!value) throw new Error(`ATENDO_PIX_PROVIDER=efi needs ${name}`);
    return value;
  };
  return {
    provider,
    url: (env.ATENDO_EFI_API_URL || 'https://pix.api.efipay.com.br').replace(/\/+$/, ''),
    clientId: required('ATENDO_EFI_CLIENT_ID'),
    clientSecret: required('ATENDO_EFI_CLIENT_SECRET'),
    certificate: path.resolve(required('ATENDO_EFI_CERTIFICATE')),
    pixKey: required('ATENDO_EFI_PIX_KEY'),
    webhookSecret: required('ATENDO_EFI_WEBHOOK_SECRET'),
    ca: env.ATENDO_EFI_CA ? path.resolve(env.ATENDO_EFI_CA) : undefined,
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
