import { describe, expect, it } from 'vitest';
import { type QueueSummary, queueBody } from '../../../shared/api/queues';
import { needsGreeting, queueFormSchema, queueToForm, toQueueBody } from './queue-form';

const stored: QueueSummary = {
  id: 4,
  name: 'Financeiro',
  color: '#336699',
  greetingMessage: 'Olá',
  orderQueue: 2,
  outOfHoursMessage: null,
  closeTicket: true,
  ativarRoteador: false,
  tempoRoteador: 0,
  integrationId: null,
  fileListId: null,
};

describe('the queue form', () => {
  it('starts a new queue with a colour and the first router time, and sends a body the server accepts', () => {
    const form = queueToForm(null);
    expect(form.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(form.tempoRoteador).toBe(2);
    const body = toQueueBody({ ...form, name: 'Vendas' });
    expect(queueBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ greetingMessage: null, outOfHoursMessage: null, orderQueue: null });
  });

  it('round-trips a stored queue', () => {
    const body = toQueueBody(queueToForm(stored));
    expect(body).toEqual({
      name: 'Financeiro',
      color: '#336699',
      greetingMessage: 'Olá',
      outOfHoursMessage: null,
      orderQueue: 2,
      closeTicket: true,
      ativarRoteador: false,
      tempoRoteador: 2,
    });
  });

  it('requires a greeting once the company has more than one queue', () => {
    expect(needsGreeting(0, true)).toBe(false);
    expect(needsGreeting(1, true)).toBe(true);
    expect(needsGreeting(1, false)).toBe(false);
    expect(needsGreeting(2, false)).toBe(true);
    const values = { ...queueToForm(stored), greetingMessage: '  ' };
    expect(queueFormSchema(false).safeParse(values).success).toBe(true);
    const refused = queueFormSchema(true).safeParse(values);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['greetingMessage'],
      message: 'ERR_WAPP_GREETING_REQUIRED',
    });
  });

  it('answers the spec messages for name and colour', () => {
    const form = queueToForm(null);
    const issue = (values: object) => queueFormSchema(false).safeParse(values).error?.issues[0]?.message;
    expect(issue({ ...form, name: 'V' })).toBe('Too Short!');
    expect(issue({ ...form, name: 'Vendas', color: '' })).toBe('Required');
  });
});
