import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client';
import { systemValues } from '../../db/schema';

export interface AccessClaims {
  userId: number;
  companyId: number;
  tokenVersion: number;
  sessionId: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export class TokenService {
  private constructor(
    private readonly key: Uint8Array,
    private readonly ttlSeconds: number,
  ) {}

  /** The signing secret comes from configuration or is made once and shared through the database. */
  static async create(db: Db, configured: string | undefined, ttlSeconds: number): Promise<TokenService> {
    let secret = configured;
    if (!secret) {
      await db
        .insert(systemValues)
        .values({ key: 'jwtSecret', value: randomBytes(48).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(systemValues).where(eq(systemValues.key, 'jwtSecret'));
      secret = row!.value;
    }
    return new TokenService(new TextEncoder().encode(secret), ttlSeconds);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ cid: claims.companyId, v: claims.tokenVersion, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return {
        ok: true,
        claims: {
          userId: Number(payload.sub),
          companyId: Number(payload.cid),
          tokenVersion: Number(payload.v),
          sessionId: String(payload.sid),
        },
      };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
