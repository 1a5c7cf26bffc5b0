import { describe, expect, it } from 'vitest';
import type { ConnectionDetail } from '../../../shared/api/whatsapps';
import {
  connectionFormSchema,
  connectionToForm,
  newCloudApiConnectionSchema,
  toConnectionBody,
} from './connection-form';

const cloudConnection: ConnectionDetail = {
  id: 7,
  name: 'Central',
  channel: 'whatsappapi',
  status: 'CONNECTED',
  number: '551140041234',
  isDefault: true,
  updatedAt: '2026-01-02T03:04:05.000Z',
  queues: [],
  greetingMessage: null,
  complationMessage: null,
  outOfHoursMessage: null,
  ratingMessage: null,
  allowGroup: false,
  groupAsTicket: 'disabled',
  timeCreateNewTicket: 0,
  maxUseBotQueues: 3,
  timeUseBotQueues: 0,
  qrcode: '',
  retries: 0,
  cloudApi: { phoneNumberId: '1234567890', wabaId: '9876543210' },
};

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
    expect(newCloudApiConnectionSchema.safeParse({ ...typed, cloudApi: { ...ids, token: '' } }).success).toBe(
      false,
    );
    expect(
      newCloudApiConnectionSchema.safeParse({ ...typed, cloudApi: { ...ids, token: 'EAAG' } }).success,
    ).toBe(true);
    expect(connectionFormSchema.safeParse({ ...typed, cloudApi: { ...ids, token: '' } }).success).toBe(true);
    const letters = connectionFormSchema.safeParse({
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
    expect(toConnectionBody(values).cloudApi).toEqual({ phoneNumberId: '1', wabaId: '2', token: 'new' });
    expect(toConnectionBody(connectionToForm(null)).cloudApi).toBeUndefined();
  });
});
