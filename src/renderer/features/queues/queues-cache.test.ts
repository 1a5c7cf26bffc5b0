import { describe, expect, it } from 'vitest';
import type { QueueSummary } from '../../../shared/api/queues';
import { applyQueueEvent } from './queues-cache';

const queue = (id: number, name: string, orderQueue: number | null = null): QueueSummary => ({
  id,
  name,
  color: '#123456',
  greetingMessage: null,
  orderQueue,
  outOfHoursMessage: null,
  closeTicket: false,
  ativarRoteador: false,
  tempoRoteador: 0,
  integrationId: null,
  fileListId: null,
});

describe('the cached queue list', () => {
  const list = [queue(1, 'Primeira', 1), queue(2, 'Alfa'), queue(3, 'Zeta')];

  it('puts a new queue where the server would: bot order first, then by name', () => {
    const next = applyQueueEvent(list, { action: 'create', queue: queue(4, 'Beta') });
    expect(next.map((q) => q.name)).toEqual(['Primeira', 'Alfa', 'Beta', 'Zeta']);
    const ordered = applyQueueEvent(list, { action: 'create', queue: queue(5, 'Zulu', 0) });
    expect(ordered[0]!.name).toBe('Zulu');
  });

  it('replaces an updated queue and moves it when its order changes', () => {
    const next = applyQueueEvent(list, {
      action: 'update',
      queue: { ...queue(3, 'Zeta', 0), color: '#fff' },
    });
    expect(next.map((q) => q.id)).toEqual([3, 1, 2]);
    expect(next[0]!.color).toBe('#fff');
    expect(next).toHaveLength(3);
  });

  it('removes a deleted queue', () => {
    expect(applyQueueEvent(list, { action: 'delete', queueId: 2 }).map((q) => q.id)).toEqual([1, 3]);
  });
});
