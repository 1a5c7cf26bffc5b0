// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FORWARD_PAUSE_MS, forwardInOrder } from './forwarding';

describe('forwarding messages', () => {
  it('sends one message at a time, in order, with a 900 ms pause between sends', async () => {
    const calls: string[] = [];
    await forwardInOrder([3, 1, 2], async (id) => calls.push(`send ${id}`), {
      pause: async (ms) => {
        calls.push(`pause ${ms}`);
      },
    });
    expect(FORWARD_PAUSE_MS).toBe(900);
    expect(calls).toEqual(['send 3', 'pause 900', 'send 1', 'pause 900', 'send 2']);
  });

  it('stops at the first failure and reports how many were sent', async () => {
    const sent: number[] = [];
    const progress: number[] = [];
    const failing = forwardInOrder(
      [1, 2, 3],
      async (id) => {
        if (id === 2) throw new Error('ERR_SENDING_WAPP_MSG');
        sent.push(id);
      },
      { pause: async () => {}, onSent: (done) => progress.push(done) },
    );
    await expect(failing).rejects.toThrow('ERR_SENDING_WAPP_MSG');
    expect(sent).toEqual([1]);
    expect(progress).toEqual([1]);
  });
});
