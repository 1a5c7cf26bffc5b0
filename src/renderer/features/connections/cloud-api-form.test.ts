import { describe, expect, it } from 'vitest';
import type { ConnectionDetail } from '../../../shared/api/whatsapps';
import { connectionFormSchema, connectionToForm, toConnectionBody } from './connection-form';

/** A stored Cloud API connection as GET /whatsapp/:id answers it (its token never read back). */
const cloudConnection = {
  ...toConnectionBody({ ...connectionToForm(null), name: 'Central' }, null),
  id: 7,
  channel: 'whatsappapi',
  status: 'CONNECTED',
  number: '551140041234',
  isDefault: true,
  updatedAt: '2026-01-02T03:04:05.000Z',
  queues: [],
  statusImportMessages: '',
  token: 'A'.repeat(30),
  greetingMediaAttachment: null,
  qrcode: '',
  retries: 0,
  cloudApi: { phoneNumberId: '1234567890', wabaId: '9876543210' },
} as ConnectionDetail;

/** The dialog's schema for a new connection (null) or an edit. */
const schema = (stored: ConnectionDetail | null) =>
  connectionFormSchema(stored, { userRating: false, now: new Date(), stored: stored ?? undefined });

describe('the Cloud API fields of the connection dialog', () => {
  it('start from the connection’s ids with the token empty, and a WhatsApp connection has none', () => {
    expect(connectionToForm(cloudConnection).cloudApi).toEqual({
      phoneNumberId: '1234567890',
      wabaId: '9876543210',
      token: '',
    });
    expect(connectionToForm(null, 'whatsappapi').cloudApi).toEqual({
      phoneNumberId: '',
      wabaId: '',
      token: '',
    });
    expect(connectionToForm(null).cloudApi).toBeUndefined();
  });

  it('need the token on a new connection only, and digits for the ids', () => {
    const typed = { ...connectionToForm(null, 'whatsappapi'), name: 'Central' };
    const ids = { phoneNumberId: '123', wabaId: '456' };
    expect(schema(null).safeParse({ ...typed, cloudApi: { ...ids, token: '' } }).success).toBe(false);
    expect(schema(null).safeParse({ ...typed, cloudApi: { ...ids, token: 'EAAG' } }).success).toBe(true);
    expect(schema(cloudConnection).safeParse({ ...typed, cloudApi: { ...ids, token: '' } }).success).toBe(
      true,
    );
    const letters = schema(cloudConnection).safeParse({
      ...typed,
      cloudApi: { ...ids, phoneNumberId: 'abc', token: '' },
    });
    expect(letters.error?.issues[0]?.message).toBe('Digits only');
  });

  it('go to the server with the rest of the dialog', () => {
    const values = {
      ...connectionToForm(cloudConnection),
      cloudApi: { phoneNumberId: '1', wabaId: '2', token: 'new' },
    };
    expect(toConnectionBody(values, cloudConnection).cloudApi).toEqual({
      phoneNumberId: '1',
      wabaId: '2',
      token: 'new',
    });
    expect(toConnectionBody(connectionToForm(null), null).cloudApi).toBeUndefined();
  });
});
