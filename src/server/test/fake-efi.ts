import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { pixPayload } from '../payments/emv';

const CERTS = path.join(import.meta.dirname, 'efi-certs');

/**
 * Test-only certificates (docs/architecture.md "Tests"): a CA, the fake's server certificate for
 * 127.0.0.1 signed by it, and the account's client certificate (PEM and .p12) the driver presents.
 */
export const efiCerts = {
  ca: path.join(CERTS, 'ca.pem'),
  clientPem: path.join(CERTS, 'client.pem'),
  clientP12: path.join(CERTS, 'client.p12'),
};

export const EFI_CLIENT = { id: 'Client_Id_test', secret: 'Client_Secret_test' };

interface Cob {
  txid: string;
  locId: number;
  status: 'ATIVA' | 'CONCLUIDA';
  valor: { original: string };
  devedor: Record<string, string>;
  chave: string;
}

/**
 * A local stand-in for Efí's Pix API, as its documentation shapes it: mutual TLS (a client without a
 * certificate of the CA is refused at the handshake), POST /oauth/token with Basic client credentials,
 * POST /v2/cob, GET /v2/loc/{id}/qrcode and GET /v2/cob/{txid} with the bearer token. `pay` settles a
 * charge as a payer's bank would.
 */
export async function startFakeEfi() {
  const token = randomBytes(12).toString('hex');
  const cobs = new Map<string, Cob>();
  const calls: { method: string; path: string; body: unknown; clientCertificate: string | undefined }[] = [];
  let nextLoc = 1;
  const server: Server = createServer(
    {
      key: readFileSync(path.join(CERTS, 'server.key')),
      cert: readFileSync(path.join(CERTS, 'server.pem')),
      ca: readFileSync(efiCerts.ca),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const body: unknown = text ? JSON.parse(text) : undefined;
        const url = req.url ?? '';
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        calls.push({
          method: req.method ?? '',
          path: url,
          body,
          clientCertificate: String(peer.subject?.CN),
        });
        const answer = (status: number, json: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(json));
        };
        if (req.method === 'POST' && url === '/oauth/token') {
          const basic = Buffer.from(`${EFI_CLIENT.id}:${EFI_CLIENT.secret}`).toString('base64');
          if (req.headers.authorization !== `Basic ${basic}`) return answer(401, { error: 'invalid_client' });
          return answer(200, {
            access_token: token,
            token_type: 'Bearer',
            expires_in: 3600,
            scope: 'cob.write',
          });
        }
        if (req.headers.authorization !== `Bearer ${token}`) return answer(401, { nome: 'nao_autorizado' });
        if (req.method === 'POST' && url === '/v2/cob') {
          const cob = body as Omit<Cob, 'txid' | 'locId' | 'status'>;
          const txid = randomBytes(16).toString('hex');
          const stored: Cob = { ...cob, txid, locId: nextLoc++, status: 'ATIVA' };
          cobs.set(txid, stored);
          return answer(201, { ...view(stored), loc: { id: stored.locId, tipoCob: 'cob' } });
        }
        const loc = url.match(/^\/v2\/loc\/(\d+)\/qrcode$/);
        if (req.method === 'GET' && loc) {
          const cob = [...cobs.values()].find((c) => c.locId === Number(loc[1]));
          if (!cob) return answer(404, { nome: 'location_nao_encontrada' });
          const qrcode = pixPayload({
            key: cob.chave,
            amount: cob.valor.original,
            name: 'EFI',
            city: 'OURO PRETO',
            txid: cob.txid,
          });
          return answer(200, { qrcode, imagemQrcode: 'data:image/png;base64,', linkVisualizacao: '' });
        }
        const read = url.match(/^\/v2\/cob\/([^/]+)$/);
        if (req.method === 'GET' && read) {
          const cob = cobs.get(decodeURIComponent(read[1]!));
          return cob ? answer(200, view(cob)) : answer(404, { nome: 'cobranca_nao_encontrada' });
        }
        return answer(404, { nome: 'nao_encontrado' });
      });
    },
  );
  const view = (cob: Cob) => ({
    calendario: { criacao: new Date().toISOString(), expiracao: 3600 },
    txid: cob.txid,
    revisao: 0,
    status: cob.status,
    devedor: cob.devedor,
    valor: cob.valor,
    chave: cob.chave,
    ...(cob.status === 'CONCLUIDA' && {
      pix: [
        {
          endToEndId: `E${cob.txid}`,
          txid: cob.txid,
          valor: cob.valor.original,
          horario: new Date().toISOString(),
        },
      ],
    }),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    calls,
    cobs,
    pay(txid: string) {
      const cob = cobs.get(txid);
      if (cob) cob.status = 'CONCLUIDA';
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
