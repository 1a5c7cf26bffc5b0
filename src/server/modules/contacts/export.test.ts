import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, contactTags } from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import { aContact, aTag } from '../../test/builders';
import { aCompany, aUser, startTestServer, type TestServer } from '../../test/server';
import { writeCompanySetting } from '../settings/queries';
import { EXPORT_BATCH } from './export';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** The export as a browser receives it: over HTTP, chunk by chunk. */
async function download(token: string, query: Record<string, string>) {
  const res = await fetch(`${server.url}/api/contacts/export?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const chunks: Uint8Array[] = [];
  const reader = res.body!.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) chunks.push(part.value);
  return { res, chunks, bytes: Buffer.concat(chunks) };
}

async function sheetRows(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  const sheet = workbook.worksheets[0]!;
  return {
    name: sheet.name,
    rows: (sheet.getSheetValues().slice(1) as string[][]).map((r) =>
      // Four columns; a sheet leaves trailing empty cells out.
      Array.from({ length: 4 }, (_, i) => r[i + 1] ?? ''),
    ),
  };
}

describe('exporting contacts', () => {
  it('streams the company contacts by name as CSV and XLSX, formulas neutralised, never another company’s', async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const vip = await aTag(server, company.id, 'VIP');
    const ana = await aContact(server, company.id, {
      name: 'Ana "A"',
      number: '5511900000001',
      email: 'ana@x.com',
    });
    await server.database.db.insert(contactTags).values({ contactId: ana.id, tagId: vip.id });
    await aContact(server, company.id, { name: '=HYPERLINK("http://evil")', number: '5511900000002' });
    await aContact(server, company.id, { name: 'Bia', number: '5511900000003', email: '@bia' });
    await aContact(server, company.id, { name: 'Şükrü Ağaoğlu İ 😀', number: '5511900000004', email: '+x' });
    await aContact(server, company.id, { name: 'Caio', number: '5511900000005', email: '-1+2' });
    await aContact(server, company.id, { name: '\tTab', number: '5511900000006' });
    await aContact(server, other.id, { name: 'Outsider', number: '5511900000009' });

    const csv = await download(company.admin.token, { format: 'csv', lang: 'en' });
    expect(csv.res.status).toBe(200);
    expect(csv.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.res.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''contacts.csv");
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = csv.bytes.subarray(3).toString('utf8').split('\r\n');
    expect(header).toBe('Name,Number,Email,Tags');
    // By name in the database's collation (which may weigh punctuation as it likes): compared as a set.
    expect(rows.sort()).toEqual(
      [
        `"'=HYPERLINK(""http://evil"")",5511900000002,,`,
        "'\tTab,5511900000006,,",
        '"Ana ""A""",5511900000001,ana@x.com,VIP',
        "Bia,5511900000003,'@bia,",
        "Caio,5511900000005,'-1+2,",
        "Şükrü Ağaoğlu İ 😀,5511900000004,'+x,",
        '',
      ].sort(),
    );

    const xlsx = await download(company.admin.token, { format: 'xlsx', lang: 'tr' });
    expect(xlsx.res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = await sheetRows(xlsx.bytes);
    expect(sheet.name).toBe('Kişiler');
    expect(sheet.rows[0]).toEqual(['Ad', 'Numara', 'E-posta', 'Etiketler']);
    expect(sheet.rows.slice(1).sort()).toEqual(
      [
        ['\'=HYPERLINK("http://evil")', '5511900000002', '', ''],
        ["'\tTab", '5511900000006', '', ''],
        ['Ana "A"', '5511900000001', 'ana@x.com', 'VIP'],
        ['Bia', '5511900000003', "'@bia", ''],
        ['Caio', '5511900000005', "'-1+2", ''],
        ['Şükrü Ağaoğlu İ 😀', '5511900000004', "'+x", ''],
      ].sort(),
    );
  });

  it('keeps to the list filters', async () => {
    const company = await aCompany(server);
    await aContact(server, company.id, { name: 'Maria', number: '5511911110001' });
    await aContact(server, company.id, { name: 'João', number: '5511911110002' });
    const { bytes } = await download(company.admin.token, { format: 'csv', searchParam: 'mar' });
    expect(bytes.toString('utf8')).toBe('\uFEFFNome,Número,E-mail,Tags\r\nMaria,5511911110001,,\r\n');
  });

  it('masks numbers for a plain user under lgpdHideNumber, as the list does', async () => {
    const company = await aCompany(server);
    await writeCompanySetting(tenantDb(server.database.db, company.id), 'lgpdHideNumber', 'enabled');
    const user = await aUser(server, company.id);
    await aContact(server, company.id, { name: 'A person', number: '5511912345678' });
    const line = async (token: string) =>
      (await download(token, { format: 'csv' })).bytes.toString('utf8').split('\r\n')[1];
    expect(await line(user.token)).toBe('A person,***********78,,');
    expect(await line(company.admin.token)).toBe('A person,5511912345678,,');
  });

  it('answers 20,000 contacts as a stream, read in batches, every contact once', async () => {
    const company = await aCompany(server);
    const total = 20_000;
    for (let start = 0; start < total; start += 2000) {
      await server.database.db.insert(contacts).values(
        Array.from({ length: 2000 }, (_, i) => ({
          companyId: company.id,
          // Equal names across batches: the keyset must still go by id.
          name: `Bulk ${String((start + i) % 7)}`,
          number: `5521${String(start + i).padStart(9, '0')}`,
        })),
      );
    }
    expect(total / EXPORT_BATCH).toBeGreaterThan(1);
    const csv = await download(company.admin.token, { format: 'csv' });
    // Sent as it is written: no length known in advance, several chunks.
    expect(csv.res.headers.get('content-length')).toBeNull();
    expect(csv.res.headers.get('transfer-encoding')).toBe('chunked');
    expect(csv.chunks.length).toBeGreaterThan(1);
    const lines = csv.bytes.toString('utf8').trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(total);
    expect(new Set(lines.map((l) => l.split(',')[1])).size).toBe(total);

    const xlsx = await download(company.admin.token, { format: 'xlsx' });
    expect(xlsx.res.headers.get('transfer-encoding')).toBe('chunked');
    expect((await sheetRows(xlsx.bytes)).rows).toHaveLength(total + 1);
  }, 120_000);
});
