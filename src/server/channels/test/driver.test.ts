import { describe, expect, it } from 'vitest';
import type { ChannelEvents } from '../driver';
import { TEST_DRIVER_KEEPS, TestDriver } from './driver';

describe('test driver', () => {
  it('keeps a bounded record of its sends, idempotent on the kept ones', async () => {
    const driver = new TestDriver({} as ChannelEvents);
    const total = TEST_DRIVER_KEEPS + 500;
    const ids: string[] = [];
    for (let i = 0; i < total; i++)
      ids.push((await driver.sendText(`55${i}`, `hello ${i}`, { idempotencyKey: `k${i}` })).id);

    expect(driver.sent).toHaveLength(TEST_DRIVER_KEEPS);
    expect(driver.sent[0]!.to).toBe(`55${total - TEST_DRIVER_KEEPS}`);
    expect(driver.sent.at(-1)!.to).toBe(`55${total - 1}`);
    // A retried send of a kept key answers the same id and records nothing.
    expect((await driver.sendText('55x', 'again', { idempotencyKey: `k${total - 1}` })).id).toBe(ids.at(-1));
    expect(driver.sent).toHaveLength(TEST_DRIVER_KEEPS);
  });
});
