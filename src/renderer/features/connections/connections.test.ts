import { describe, expect, it } from 'vitest';
import type { Connection, ConnectionDetail } from '../../../shared/api/whatsapps';
import {
  connectionFormSchema,
  connectionToForm,
  countConnections,
  firstTabOf,
  formatUpdatedAt,
  importNeedsNewLogin,
  importStateOf,
  sessionButtonsOf,
  tabOf,
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
  statusImportMessages: '',
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

const NOW = new Date(2026, 5, 15, 12, 0);
const schema = (stored: ConnectionDetail | null = null, userRating = false) =>
  connectionFormSchema(stored, { userRating, now: NOW, stored: stored ?? undefined });
const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

/** A stored connection as GET /whatsapp/:id answers it. */
const detail = (more: Partial<ConnectionDetail> = {}): ConnectionDetail =>
  ({
    ...row(1, 'Loja', { status: 'CONNECTED' }),
    ...toConnectionBody({ ...connectionToForm(null), name: 'Loja' }, null),
    queues: [],
    token: 'A'.repeat(30),
    provider: 'beta',
    greetingMediaAttachment: null,
    qrcode: '',
    retries: 0,
    ...more,
  }) as ConnectionDetail;

describe('the connection dialog form', () => {
  it('starts a new connection with the §9 defaults and a token of its own', () => {
    const values = connectionToForm(null);
    expect(values).toMatchObject({
      maxUseBotQueues: '3',
      maxUseBotQueuesNPS: '3',
      timeUseBotQueues: '0',
      expiresTicket: '0',
      groupAsTicket: 'disabled',
      whenExpiresTicket: '0',
      provider: 'beta',
      enableImportMessage: false,
    });
    expect(values.token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(connectionToForm(null).token).not.toBe(values.token);
    expect(values.schedules).toHaveLength(7);
  });

  it('sends empty numbers as 0 and empty texts as null', () => {
    const body = toConnectionBody(
      {
        ...connectionToForm(null),
        name: 'Loja',
        timeCreateNewTicket: '15',
        timeSendQueue: '',
        greetingMessage: ' ',
      },
      null,
    );
    expect(body).toMatchObject({
      name: 'Loja',
      timeCreateNewTicket: 15,
      timeSendQueue: 0,
      greetingMessage: null,
    });
  });

  it("reads the vacation as whole days of the reader's time zone and keeps a date the input still shows", () => {
    const values = {
      ...connectionToForm(null),
      name: 'Loja',
      collectiveVacationStart: '2026-07-01',
      collectiveVacationEnd: '2026-07-10',
      importOldMessages: '2026-01-02T08:30',
    };
    const body = toConnectionBody(values, null);
    expect(body.collectiveVacationStart).toBe(new Date(2026, 6, 1).toISOString());
    expect(body.collectiveVacationEnd).toBe(new Date(2026, 6, 10, 23, 59, 59, 999).toISOString());
    expect(body.importOldMessages).toBe(new Date(2026, 0, 2, 8, 30).toISOString());
    // A stored time with seconds stays as stored while the dialog shows it unchanged.
    const stored = detail({ importOldMessages: new Date(2026, 0, 2, 8, 30, 42).toISOString() });
    expect(toConnectionBody(connectionToForm(stored), stored).importOldMessages).toBe(
      stored.importOldMessages,
    );
  });

  it('requires the name (2–50) and a greeting with more than one queue', () => {
    const values = { ...connectionToForm(null), name: 'Loja' };
    expect(messagesOf(schema().safeParse({ ...values, name: 'L' }))).toEqual(['name: Too Short!']);
    expect(messagesOf(schema().safeParse({ ...values, queueIds: [1, 2] }))).toEqual([
      'greetingMessage: ERR_WAPP_GREETING_REQUIRED',
    ]);
    expect(schema().safeParse({ ...values, queueIds: [1, 2], greetingMessage: 'Olá' }).success).toBe(true);
    expect(messagesOf(schema().safeParse({ ...values, maxUseBotQueues: '-1' }))).toEqual([
      'maxUseBotQueues: Enter a whole number',
    ]);
  });

  it('applies the rules the server applies, on the fields they name', () => {
    const values = { ...connectionToForm(null), name: 'Loja' };
    expect(messagesOf(schema().safeParse({ ...values, timeSendQueue: '10' }))).toEqual([
      'sendIdQueue: errorSendQueue',
    ]);
    expect(messagesOf(schema(null, true).safeParse(values))).toEqual([
      'ratingMessage: errorRatingMessage',
      'expiresTicketNPS: errorExpiresNPS',
    ]);
    expect(
      messagesOf(
        schema().safeParse({
          ...values,
          enableImportMessage: true,
          queueIdImportMessages: 3,
          importOldMessages: '2023-01-01T00:00',
          importRecentMessages: '2026-06-01T00:00',
        }),
      ),
    ).toEqual(['importOldMessages: Between 2 years ago and now']);
    expect(
      messagesOf(
        schema().safeParse({
          ...values,
          collectiveVacationMessage: 'Férias',
          collectiveVacationStart: '2026-06-20',
        }),
      ),
    ).toEqual(['collectiveVacationEnd: Required']);
  });

  it('puts each field on its tab and finds the first tab holding an error', () => {
    expect(tabOf('name')).toBe('general');
    expect(tabOf('importOldMessages')).toBe('general');
    expect(tabOf('collectiveVacationEnd')).toBe('messages');
    expect(tabOf('sendIdQueue')).toBe('chatbot');
    expect(tabOf('expiresTicketNPS')).toBe('assessments');
    expect(tabOf('schedules.3.endTimeA')).toBe('schedules');
    expect(firstTabOf(['expiresTicketNPS', 'timeSendQueue'])).toBe('chatbot');
  });

  it('warns before saving a connected connection whose import is being turned on or changed (§4.1)', () => {
    const connected = detail();
    const turningOn = { ...connectionToForm(connected), enableImportMessage: true };
    expect(importNeedsNewLogin(turningOn, connected)).toBe(true);
    expect(importNeedsNewLogin(turningOn, { ...connected, status: 'qrcode' })).toBe(false);
    expect(importNeedsNewLogin(turningOn, null)).toBe(false);
    const importing = detail({
      enableImportMessage: true,
      importOldMessages: new Date(2026, 0, 1).toISOString(),
    });
    expect(importNeedsNewLogin({ ...connectionToForm(importing), name: 'Outro nome' }, importing)).toBe(
      false,
    );
    expect(
      importNeedsNewLogin(
        { ...connectionToForm(importing), importOldMessages: '2026-02-01T00:00' },
        importing,
      ),
    ).toBe(true);
  });
});

describe('the import on a row (2-administration §4.1)', () => {
  it('offers closing the imported tickets, prepares for 35 s after the last history, and shows a running import', () => {
    const now = Date.now();
    expect(importStateOf('renderButtonCloseTickets', now)).toEqual({ button: 'closeImported' });
    expect(importStateOf('Running', now)).toEqual({ button: 'running' });
    expect(importStateOf(String(now - 10_000), now)).toEqual({ button: 'preparing', until: now + 25_000 });
    expect(importStateOf(String(now - 36_000), now)).toBeNull();
    expect(importStateOf('', now)).toBeNull();
  });
});

describe('the overview of all connections (2-administration §2.4)', () => {
  it('counts connected, disconnected and total per company, and the totals row', () => {
    const companies = [
      {
        id: 1,
        name: 'Alfa',
        connections: [row(1, 'A', { status: 'CONNECTED' }), row(2, 'B', { status: 'qrcode' })],
      },
      { id: 2, name: 'Beta', connections: [] },
      { id: 3, name: 'Gama', connections: [row(3, 'C', { status: 'CONNECTED' })] },
    ];
    const { rows, totals } = countConnections(companies);
    expect(rows.map(({ connected, disconnected, total }) => [connected, disconnected, total])).toEqual([
      [1, 1, 2],
      [0, 0, 0],
      [1, 0, 1],
    ]);
    expect(totals).toEqual({ connected: 2, disconnected: 1, total: 3 });
  });
});
