import { describe, expect, it } from 'vitest';
import { type QueueDetail, queueBody } from '../../../shared/api/queues';
import { DEFAULT_SCHEDULES } from '../../../shared/schedules';
import { needsGreeting, newOption, queueFormSchema, queueToForm, toQueueBody } from './queue-form';

const stored: QueueDetail = {
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
  fileListId: 8,
  schedules: [...DEFAULT_SCHEDULES],
  chatbots: [
    {
      id: 10,
      name: 'Boletos',
      greetingMessage: 'Qual boleto?',
      queueType: 'text',
      closeTicket: false,
      optQueueId: null,
      optUserId: null,
      optIntegrationId: null,
      optFileId: null,
      options: [
        {
          id: 11,
          name: 'Segunda via',
          greetingMessage: null,
          queueType: 'file',
          closeTicket: true,
          optQueueId: null,
          optUserId: null,
          optIntegrationId: null,
          optFileId: 8,
          options: [],
        },
      ],
    },
  ],
};

/** The first message of each path, as the form shows them. */
function firstIssues(values: object, greetingRequired = false) {
  const first = new Map<string, string>();
  for (const issue of queueFormSchema(greetingRequired).safeParse(values).error?.issues ?? []) {
    const path = issue.path.join('.');
    if (!first.has(path)) first.set(path, issue.message);
  }
  return Object.fromEntries(first);
}

describe('the queue form', () => {
  it('starts a new queue with a colour, the first router time and the default hours, and sends a body the server accepts', () => {
    const form = queueToForm(null);
    expect(form.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(form.tempoRoteador).toBe(2);
    expect(form.schedules).toEqual(DEFAULT_SCHEDULES);
    const body = toQueueBody({ ...form, name: 'Vendas' });
    expect(queueBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      greetingMessage: null,
      outOfHoursMessage: null,
      orderQueue: null,
      chatbots: [],
    });
  });

  it('round-trips a stored queue with its option tree', () => {
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
      fileListId: 8,
      schedules: DEFAULT_SCHEDULES,
      chatbots: [
        {
          id: 10,
          name: 'Boletos',
          greetingMessage: 'Qual boleto?',
          queueType: 'text',
          closeTicket: false,
          optQueueId: null,
          optUserId: null,
          optIntegrationId: null,
          optFileId: null,
          options: [
            {
              id: 11,
              name: 'Segunda via',
              greetingMessage: null,
              queueType: 'file',
              closeTicket: true,
              optQueueId: null,
              optUserId: null,
              optIntegrationId: null,
              optFileId: 8,
              options: [],
            },
          ],
        },
      ],
    });
    expect(queueBody.safeParse(body).success).toBe(true);
  });

  it('sends only the chosen type’s target, and sub-options only under a text option', () => {
    const option = {
      ...newOption(),
      name: 'Falar com alguém',
      queueType: 'attendent' as const,
      optUserId: 3,
      optQueueId: 5,
      optFileId: 9,
      options: [{ ...newOption(), name: 'Sobrou aqui' }],
    };
    const [sent] = toQueueBody({ ...queueToForm(null), name: 'Vendas', chatbots: [option] }).chatbots!;
    expect(sent).toMatchObject({ optUserId: 3, optQueueId: 5, optFileId: null, options: [] });
    expect(firstIssues({ ...queueToForm(null), name: 'Vendas', chatbots: [option] })).toEqual({});
  });

  it('checks each option as 2-administration §5 says: a name of 4, a message to go deeper, the type’s target', () => {
    const form = { ...queueToForm(null), name: 'Vendas' };
    const deeper = { ...newOption(), name: 'Produtos', options: [{ ...newOption(), name: 'Sub' }] };
    const noUser = { ...newOption(), name: 'Atendente', queueType: 'attendent' as const };
    expect(firstIssues({ ...form, chatbots: [deeper, noUser] })).toEqual({
      'chatbots.0.greetingMessage': 'Required',
      'chatbots.0.options.0.name': 'Too Short!',
      'chatbots.1.optUserId': 'Required',
    });
  });

  it('requires a greeting once the company has more than one queue', () => {
    expect(needsGreeting(0, true)).toBe(false);
    expect(needsGreeting(1, true)).toBe(true);
    expect(needsGreeting(1, false)).toBe(false);
    expect(needsGreeting(2, false)).toBe(true);
    const values = { ...queueToForm(stored), greetingMessage: '  ' };
    expect(queueFormSchema(false).safeParse(values).success).toBe(true);
    expect(firstIssues(values, true)).toEqual({ greetingMessage: 'ERR_WAPP_GREETING_REQUIRED' });
  });

  it('answers the spec messages for name and colour', () => {
    const form = queueToForm(null);
    expect(firstIssues({ ...form, name: 'V' })).toEqual({ name: 'Too Short!' });
    expect(firstIssues({ ...form, name: 'Vendas', color: '' })).toEqual({ color: 'Required' });
  });
});
