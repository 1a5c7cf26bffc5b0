import { describe, expect, it } from 'vitest';
import type { Connection } from '../../../shared/api/whatsapps';
import {
  connectionFormSchema,
  connectionToForm,
  formatUpdatedAt,
  sessionButtonsOf,
  toConnectionBody,
} from './connection-form';
import { applySessionEvent, applyWhatsappEvent } from './connections-cache';

const row = (id: number, name: string, more: Partial<Connection> = {}): Connection => ({
  id,
  name,
  channel: 'whatsapp',
  status: 'DISCONNECTED',
  number: null,
  isDefault: false,
  updatedAt: '2026-01-02T03:04:05.000Z',
  queues: [],
  ...more,
});

describe('the connections list kept live (2-administration §4.1)', () => {
  it('adds or replaces a row in name order and removes a deleted one', () => {
    const list = [row(1, 'Beta'), row(2, 'Delta')];
    expect(applyWhatsappEvent(list, { action: 'update', whatsapp: row(3, 'Alfa') }).map((c) => c.id)).toEqual(
      [3, 1, 2],
    );
    expect(
      applyWhatsappEvent(list, { action: 'update', whatsapp: row(1, 'Zulu', { isDefault: true }) }),
    ).toEqual([row(2, 'Delta'), row(1, 'Zulu', { isDefault: true })]);
    expect(applyWhatsappEvent(list, { action: 'delete', whatsappId: 1 })).toEqual([row(2, 'Delta')]);
  });

  it('keeps a row newer than the one given: a save’s answer may arrive after the session’s events', () => {
    const list = [row(1, 'Loja', { status: 'qrcode', updatedAt: '2026-01-02T03:04:06.000Z' })];
    const answer = row(1, 'Loja', { status: 'OPENING', updatedAt: '2026-01-02T03:04:05.000Z' });
    expect(applyWhatsappEvent(list, { action: 'update', whatsapp: answer })).toBe(list);
  });

  it("changes a row's status from a session event and ignores unknown sessions", () => {
    const list = [row(1, 'Loja')];
    const session = { id: 1, status: 'CONNECTED', qrcode: '', retries: 0, number: '5511900001111' };
    expect(applySessionEvent(list, { action: 'update', session })).toEqual([
      row(1, 'Loja', { status: 'CONNECTED', number: '5511900001111' }),
    ]);
    expect(applySessionEvent(list, { action: 'update', session: { ...session, id: 9 } })).toBe(list);
  });
});

describe('the session buttons of 2-administration §2.1', () => {
  it('offers by status: QR, retry and new QR, disconnect, connecting, unknown', () => {
    expect(sessionButtonsOf('qrcode')).toBe('qrcode');
    expect(sessionButtonsOf('DISCONNECTED')).toBe('disconnected');
    for (const status of ['CONNECTED', 'PAIRING', 'TIMEOUT'])
      expect(sessionButtonsOf(status)).toBe('disconnect');
    expect(sessionButtonsOf('OPENING')).toBe('connecting');
    expect(sessionButtonsOf('whatever')).toBe('unknown');
  });

  it('shows the last update as dd/MM/yy HH:mm', () => {
    const local = new Date(2026, 0, 2, 3, 4);
    expect(formatUpdatedAt(local.toISOString())).toBe('02/01/26 03:04');
  });
});

describe('the connection dialog form', () => {
  it('starts a new connection with the §9 defaults and sends numbers and empty texts as null', () => {
    const values = connectionToForm(null);
    expect(values).toMatchObject({ maxUseBotQueues: '3', timeUseBotQueues: '0', groupAsTicket: 'disabled' });
    expect(toConnectionBody({ ...values, name: 'Loja', timeCreateNewTicket: '15' })).toMatchObject({
      name: 'Loja',
      timeCreateNewTicket: 15,
      maxUseBotQueues: 3,
      greetingMessage: null,
    });
  });

  it('requires the name (2–50) and a greeting with more than one queue', () => {
    const values = { ...connectionToForm(null), name: 'Loja' };
    expect(connectionFormSchema.safeParse({ ...values, name: 'L' }).error?.issues[0]?.message).toBe(
      'Too Short!',
    );
    const greeting = connectionFormSchema.safeParse({ ...values, queueIds: [1, 2] });
    expect(greeting.error?.issues[0]).toMatchObject({
      path: ['greetingMessage'],
      message: 'ERR_WAPP_GREETING_REQUIRED',
    });
    expect(
      connectionFormSchema.safeParse({ ...values, queueIds: [1, 2], greetingMessage: 'Olá' }).success,
    ).toBe(true);
  });
});
