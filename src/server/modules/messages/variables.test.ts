import { describe, expect, it } from 'vitest';
import { formatBody } from './variables';

const base = {
  contactName: '  Ana Maria Souza ',
  ticketId: 42,
  userName: 'Bia',
  queueName: 'Vendas',
  connectionName: 'Loja',
  // 2026-03-02 (Monday) 12:05:09 UTC: 09:05:09 in São Paulo, 21:05:09 in Tokyo.
  now: new Date('2026-03-02T12:05:09Z'),
};

describe('message variables (1-attendance §5)', () => {
  it('fills every variable of the spec', () => {
    const text =
      '{{firstName}}|{{name}}|{{userName}}|{{ms}}|{{protocol}}|{{date}}|{{hour}}|{{ticket_id}}|{{queue}}|{{connection}}';
    expect(formatBody(text, { ...base, timeZone: 'America/Sao_Paulo' })).toBe(
      'Ana|  Ana Maria Souza |Bia|Bom dia|2026030209050942|02-03-2026|09:05:09|42|Vendas|Loja',
    );
  });

  it("reads date, hour and the greeting on the company's wall clock", () => {
    const text = '{{ms}}, {{date}} {{hour}}';
    expect(formatBody(text, { ...base, timeZone: 'Asia/Tokyo' })).toBe('Boa noite, 02-03-2026 21:05:09');
    expect(formatBody(text, { ...base, timeZone: 'Pacific/Kiritimati' })).toBe(
      'Boa madrugada, 03-03-2026 02:05:09',
    );
    expect(formatBody(text, { ...base, timeZone: 'Europe/Lisbon' })).toBe('Boa tarde, 02-03-2026 12:05:09');
  });

  it('keeps unknown names and leaves missing values empty', () => {
    expect(
      formatBody('{{ nome }} {{ queue }}.{{userName}}.', { contactName: 'Ana', ticketId: 1, now: base.now }),
    ).toBe('{{ nome }} ..');
  });
});
