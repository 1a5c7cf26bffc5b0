import { describe, expect, it, vi } from 'vitest';
import { events } from '../../shared/realtime';
import { createRealtimeListeners } from './realtime-listeners';

describe('the bridges’ realtime listeners', () => {
  it('hands each event to the handlers of its name until they unsubscribe', () => {
    const listeners = createRealtimeListeners();
    const users = vi.fn();
    const tags = vi.fn();
    const offUsers = listeners.on(events.user(1), users);
    listeners.on(events.tag(1), tags);
    listeners.dispatch('company-1-user', { action: 'delete', userId: 2 });
    offUsers();
    listeners.dispatch('company-1-user', { action: 'delete', userId: 3 });
    expect(users).toHaveBeenCalledExactlyOnceWith({ action: 'delete', userId: 2 });
    expect(tags).not.toHaveBeenCalled();
  });

  it('keeps a later handler of the same name when an earlier one unsubscribes twice', () => {
    const listeners = createRealtimeListeners();
    const first = listeners.on(events.user(1), () => undefined);
    first();
    const later = vi.fn();
    listeners.on(events.user(1), later);
    first();
    listeners.dispatch('company-1-user', { action: 'delete', userId: 2 });
    expect(later).toHaveBeenCalledOnce();
  });
});
