import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config';

/** Where the Facebook login SDK loads from and talks to (only with ATENDO_FACEBOOK_APP_ID). */
const FACEBOOK = ['https://connect.facebook.net', 'https://www.facebook.com', 'https://web.facebook.com'];

/** The help page's video players (src/shared/help-video.ts), loaded only when a reader presses play. */
const HELP_VIDEOS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * The page's own inline scripts (index.html paints the last shown theme before the bundle loads), allowed
 * by their hashes as built: nothing else inline runs.
 */
function inlineScriptHashes(webDir: string): string[] {
  let html: string;
  try {
    html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
}

/**
 * Security headers on every answer (the web client and the API): a Content-Security-Policy the web
 * client works under, no framing by other sites (clickjacking), nosniff, a strict Referrer-Policy.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const facebook = config.graph.appId ? FACEBOOK : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(config.webDir), ...facebook],
        // MUI (emotion) writes its styles into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Contacts' pictures come from the channels' CDNs, the emoji picker's images from its CDN.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...facebook],
        frameSrc: [...HELP_VIDEOS, ...facebook],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The Facebook login opens a popup that reports back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Media and avatars are also read by the desktop app, from another origin.
    crossOriginResourcePolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // HTTPS is the proxy's to decide (docs/operations.md); a plain-HTTP install on a LAN must keep working.
    strictTransportSecurity: false,
  });
}
