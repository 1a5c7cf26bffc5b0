import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { rootCertificates } from 'node:tls';
import { AppError } from '../platform/app-error';
import type { EfiConfig } from '../platform/config';
import {
  type PixCharge,
  type PixChargeRequest,
  type PixChargeState,
  type PixProvider,
  sameText,
} from './provider';

/** How long a charge may be paid for: one hour, as Efí's own examples. */
const CHARGE_SECONDS = 3600;

/** An answer of Efí's API: its status and JSON body. */
interface Answer {
  status: number;
  body: unknown;
}

interface CobAnswer {
  txid: string;
  status: string;
  loc?: { id: number };
  valor: { original: string };
}

/**
 * Efí's Pix API (formerly Gerencianet): every call over mutual TLS with the account's certificate; an
 * OAuth2 client-credentials token (POST /oauth/token) kept until shortly before it expires; charges made
 * with POST /v2/cob, their payload read from GET /v2/loc/{id}/qrcode, read back with GET /v2/cob/{txid}.
 */
export class EfiPix implements PixProvider {
  readonly name = 'efi';
  private readonly agent: Agent;
  private token: { value: string; until: number } | undefined;

  constructor(private readonly config: EfiConfig) {
    const certificate = readFileSync(config.certificate);
    const isPem = certificate.subarray(0, 100).toString('latin1').includes('-----BEGIN');
    this.agent = new Agent({
      ...(isPem ? { cert: certificate, key: certificate } : { pfx: certificate, passphrase: '' }),
      ca: config.ca ? [...rootCertificates, readFileSync(config.ca, 'utf8')] : undefined,
      keepAlive: true,
    });
  }

  async createCharge(charge: PixChargeRequest): Promise<PixCharge> {
    const document = charge.payer.document;
    const cob = await this.call<CobAnswer>('POST', '/v2/cob', {
      calendario: { expiracao: CHARGE_SECONDS },
      devedor: { [document.length === 11 ? 'cpf' : 'cnpj']: document, nome: charge.payer.name.slice(0, 200) },
      valor: { original: charge.amount },
      chave: this.config.pixKey,
      solicitacaoPagador: charge.description.slice(0, 140),
    });
    if (!cob.loc) throw new AppError('ERR_PAYMENT_PROVIDER_FAILED', 502);
    const qr = await this.call<{ qrcode: string }>('GET', `/v2/loc/${cob.loc.id}/qrcode`);
    return { txid: cob.txid, payload: qr.qrcode, amount: cob.valor.original };
  }

  async readCharge(txid: string): Promise<PixChargeState | undefined> {
    const answer = await this.send(
      'GET',
      `/v2/cob/${encodeURIComponent(txid)}`,
      undefined,
      await this.bearer(),
    );
    if (answer.status === 404) return undefined;
    const cob = this.ok<CobAnswer>(answer);
    return { txid: cob.txid, paid: cob.status === 'CONCLUIDA', amount: cob.valor.original };
  }

  verifyWebhook(secret: string | undefined) {
    return secret !== undefined && sameText(secret, this.config.webhookSecret);
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    return this.ok<T>(await this.send(method, path, body, await this.bearer()));
  }

  private ok<T>(answer: Answer): T {
    if (answer.status < 200 || answer.status >= 300) throw new AppError('ERR_PAYMENT_PROVIDER_FAILED', 502);
    return answer.body as T;
  }

  private async bearer() {
    if (this.token && this.token.until > Date.now()) return `Bearer ${this.token.value}`;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const answer = await this.send(
      'POST',
      '/oauth/token',
      { grant_type: 'client_credentials' },
      `Basic ${basic}`,
    );
    const { access_token, expires_in } = this.ok<{ access_token: string; expires_in: number }>(answer);
    // A minute early, so a token never expires between being read and being used.
    this.token = { value: access_token, until: Date.now() + (expires_in - 60) * 1000 };
    return `Bearer ${access_token}`;
  }

  private send(method: string, path: string, body: object | undefined, authorization: string) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<Answer>((resolve, reject) => {
      const req = request(
        `${this.config.url}${path}`,
        {
          method,
          agent: this.agent,
          timeout: 15_000,
          headers: {
            authorization,
            ...(payload && {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
            }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {
              parsed = text;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new AppError('ERR_PAYMENT_PROVIDER_FAILED', 502)));
      req.on('error', (err) =>
        reject(err instanceof AppError ? err : new AppError('ERR_PAYMENT_PROVIDER_FAILED', 502)),
      );
      req.end(payload);
    });
  }
}
