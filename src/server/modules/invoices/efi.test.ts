import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Invoice, PixChargeAnswer } from '../../../shared/api/invoices';
import { nextDueDate } from '../../../shared/due-date';
import { companies } from '../../db/schema';
import { EfiPix } from '../../payments/efi';
import type { EfiConfig } from '../../platform/config';
import { EFI_CLIENT, efiCerts, startFakeEfi } from '../../test/fake-efi';
import { aCompany, startTestServer, type TestServer } from '../../test/server';
import { openDueInvoices } from './opening';

/* The Efí driver against a local fake of Efí's Pix API (mutual TLS, OAuth2, /v2/cob, /v2/loc, the webhook). */

let efi: Awaited<ReturnType<typeof startFakeEfi>>;
let server: TestServer;
const SECRET = 'webhook-secret-of-the-test';

const efiConfig = (fields: Partial<EfiConfig> = {}): EfiConfig => ({
  url: efi.url,
  clientId: EFI_CLIENT.id,
  clientSecret: EFI_CLIENT.secret,
  certificate: efiCerts.clientP12,
  pixKey: 'cobranca@atendo.test',
  webhookSecret: SECRET,
  ca: efiCerts.ca,
  ...fields,
});

beforeAll(async () => {
  efi = await startFakeEfi();
  server = await startTestServer({ pix: { provider: 'efi', ...efiConfig() } });
});
afterAll(async () => {
  await server.stop();
  await efi.stop();
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function aCharge() {
  const company = await aCompany(server, { dueDate: day(-1), timezone: 'UTC' });
  await openDueInvoices(server.database.db);
  const list = await server.call(api.invoices.list, { query: {} }, { token: company.admin.token });
  const [invoice] = (list.body as { invoices: Invoice[] }).invoices;
  const res = await server.call(
    api.invoices.subscribe,
    {
      body: {
        firstName: 'Empresa Exemplo',
        lastName: 'Ltda',
        zipcode: '11.222.333/0001-81',
        plan: { kind: 'custom', users: 4, connections: 3 },
        invoiceId: invoice!.id,
      },
    },
    { token: company.admin.token },
  );
  expect(res.status).toBe(200);
  return { company, pix: res.body as PixChargeAnswer };
}

const webhook = (txid: string, hmac = SECRET) =>
  server.call(api.invoices.webhook, {
    query: { hmac, ignorar: '/pix' },
    body: { pix: [{ txid, endToEndId: 'E1' }] },
  });

const dueOf = async (id: number) =>
  (await server.database.db.select().from(companies).where(eq(companies.id, id)))[0]!.dueDate;

describe('the Efí Pix driver', () => {
  it('takes a token with its client credentials over mutual TLS, makes the charge and reads its payload', async () => {
    const { pix } = await aCharge();
    const cob = efi.cobs.get(pix.txid)!;
    expect(pix).toMatchObject({ valor: { original: '60.00' } });
    expect(cob).toMatchObject({
      valor: { original: '60.00' },
      chave: 'cobranca@atendo.test',
      devedor: { cnpj: '11222333000181', nome: 'Empresa Exemplo Ltda' },
    });
    expect(pix.qrcode.qrcode).toContain('cobranca@atendo.test');
    const paths = efi.calls.map((c) => `${c.method} ${c.path.replace(/loc\/\d+/, 'loc/N')}`);
    expect(paths).toEqual(['POST /oauth/token', 'POST /v2/cob', 'GET /v2/loc/N/qrcode']);
    expect(efi.calls.every((c) => c.clientCertificate === 'atendo-efi-client')).toBe(true);
    // The token is kept: a second charge asks for none.
    await aCharge();
    expect(efi.calls.filter((c) => c.path === '/oauth/token')).toHaveLength(1);
  });

  it('pays only a charge Efí reads back as CONCLUIDA, once, and only on a call with the secret', async () => {
    const { company, pix } = await aCharge();
    expect((await webhook(pix.txid)).status).toBe(200);
    expect(await dueOf(company.id)).toBe(day(-1));
    expect(efi.calls.at(-1)).toMatchObject({ method: 'GET', path: `/v2/cob/${pix.txid}` });

    efi.pay(pix.txid);
    expect(await webhook(pix.txid, 'wrong')).toMatchObject({
      status: 401,
      body: { error: 'ERR_INVALID_WEBHOOK' },
    });
    expect(await dueOf(company.id)).toBe(day(-1));
    expect((await webhook(pix.txid)).status).toBe(200);
    expect(await dueOf(company.id)).toBe(nextDueDate(day(-1), 'MENSAL'));
    expect((await webhook(pix.txid)).status).toBe(200);
    expect(await dueOf(company.id)).toBe(nextDueDate(day(-1), 'MENSAL'));
  });

  it('says the bank failed when Efí refuses it, and Efí takes no call without a client certificate', async () => {
    const wrong = new EfiPix(efiConfig({ certificate: efiCerts.clientPem, clientSecret: 'wrong' }));
    await expect(wrong.readCharge('abc')).rejects.toMatchObject({
      code: 'ERR_PAYMENT_PROVIDER_FAILED',
      status: 502,
    });
    const anonymous = new Promise((resolve, reject) => {
      const req = request(
        `${efi.url}/oauth/token`,
        { method: 'POST', ca: readFileSync(efiCerts.ca) },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
    await expect(anonymous).rejects.toThrow();
  });
});
