import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shapeOf } from './named';
import { tickets } from './schema';

const condition = (status: string, queueIds: number[]) =>
  and(eq(tickets.companyId, 7), eq(tickets.status, status), inArray(tickets.queueId, queueIds))!;

describe('shapeOf', () => {
  it('gives conditions that differ only in values one key, and each its own values', () => {
    const open = shapeOf(condition('open', [1, 2]))!;
    const closed = shapeOf(condition('closed', [3, 4]))!;
    expect(open.key).toBe(closed.key);
    expect(open.values).toEqual({ w1: 7, w2: 'open', w3: 1, w4: 2 });
    expect(closed.values).toEqual({ w1: 7, w2: 'closed', w3: 3, w4: 4 });
    // Another number of values is another shape.
    expect(shapeOf(condition('open', [1, 2, 3]))!.key).not.toBe(open.key);
  });

  it('answers the condition with placeholders named as its values', () => {
    const shape = shapeOf(condition('open', [1, 2]))!;
    const again = shapeOf(shape.condition())!;
    expect(again.key).toBe(shape.key);
    expect(Object.values(again.values)).toEqual(
      ['w1', 'w2', 'w3', 'w4'].map((name) => sql.placeholder(name)),
    );
  });

  it('refuses a condition whose text holds a $ of its own', () => {
    expect(shapeOf(sql`${tickets.lastMessage} = '$1' and ${tickets.id} = ${5}`)).toBeUndefined();
  });
});
