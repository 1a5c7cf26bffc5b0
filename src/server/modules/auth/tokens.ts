import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../platform/database';
import { sharedJwtSecret } from './queries';

export interface AccessClaims {
  userId: number;
  companyId: number;
  tokenVersion: number;
  sessionId: string;
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims; expiresInMs: number }
  | { ok: false; reason: 'expired' | 'invalid' };

/** Verified tokens kept before the cache starts over: a few per signed-in user. */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  /** Signatures checked once per token: the claims of a verified token never change, only its age. */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();

  private constructor(
    private readonly key: KeyObject,
    private readonly ttlSeconds: number,
    private readonly clock: () => number,
  ) {}

  /**
   * The signing secret comes from configuration or is made once and shared through the database.
   * `clock` (milliseconds) signs and verifies on one time line, so tests can expire tokens without waiting.
   */
  static async create(
    db: Db,
    configured: string | undefined,
    ttlSeconds: number,
    clock: () => number = Date.now,
  ): Promise<TokenService> {
    const secret = configured || (await sharedJwtSecret(db, randomBytes(48).toString('base64url')));
    // A key object made once: given raw bytes, jose would import the key again for every token.
    return new TokenService(createSecretKey(Buffer.from(secret, 'utf8')), ttlSeconds, clock);
  }

  private expiresInMs(exp: number) {
    return Math.max(0, exp * 1000 - this.clock());
  }

  sign(claims: AccessClaims): Promise<string> {
    const now = Math.floor(this.clock() / 1000);
    return new SignJWT({ cid: claims.companyId, v: claims.tokenVersion, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: expired once the clock reaches exp.
      if (known.exp <= Math.floor(this.clock() / 1000)) return { ok: false, reason: 'expired' };
      return { ok: true, claims: known.claims, expiresInMs: this.expiresInMs(known.exp) };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.clock()),
      });
      const claims = {
        userId: Number(payload.sub),
        companyId: Number(payload.cid),
        tokenVersion: Number(payload.v),
        sessionId: String(payload.sid),
      };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      const exp = Number(payload.exp);
      this.verified.set(token, { claims, exp });
      return { ok: true, claims, expiresInMs: this.expiresInMs(exp) };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url');

declare module '../../platform/deps' {
  interface ServerDeps {
    /** Access tokens: signed at sign-in, verified on every request and socket. */
    tokens: TokenService;
  }
}
