// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { aMessage } from '../../test/builders';
import { buildTimeline, dayLabel, formatDate, formatTime, type TimelineItem } from './timeline';

// Tests run in UTC (vitest.config.ts), so local dates are UTC dates here.
const now = new Date('2024-05-10T18:00:00.000Z');
const at = (iso: string) => ({ createdAt: iso, updatedAt: iso });

const shape = (items: TimelineItem[]) =>
  items.flatMap((item) => [
    ...(item.day ? [`day:${item.day.kind === 'date' ? item.day.date : item.day.kind}`] : []),
    `${item.message.id}${item.startsGroup ? '*' : ''}`,
  ]);

describe('the chat timeline', () => {
  it('writes times as HH:mm and dates as dd/MM/yyyy', () => {
    expect(formatTime('2024-05-09T07:05:00.000Z')).toBe('07:05');
    expect(formatDate('2024-05-09T07:05:00.000Z')).toBe('09/05/2024');
  });

  it('calls today and yesterday by name and older days by date', () => {
    expect(dayLabel('2024-05-10T00:30:00.000Z', now)).toEqual({ kind: 'today' });
    expect(dayLabel('2024-05-09T23:59:00.000Z', now)).toEqual({ kind: 'yesterday' });
    expect(dayLabel('2024-05-08T12:00:00.000Z', now)).toEqual({ kind: 'date', date: '08/05/2024' });
  });

  it('puts a separator on the first message of each day', () => {
    const items = buildTimeline(
      [
        aMessage(1, at('2024-05-08T12:00:00.000Z')),
        aMessage(2, at('2024-05-09T12:00:00.000Z')),
        aMessage(3, at('2024-05-09T12:01:00.000Z')),
        aMessage(4, at('2024-05-10T09:00:00.000Z')),
      ],
      { now, isGroup: false },
    );
    expect(shape(items)).toEqual(['day:08/05/2024', '1*', 'day:yesterday', '2*', '3', 'day:today', '4*']);
  });

  it('groups consecutive messages of one author and starts a new group when the author changes', () => {
    const items = buildTimeline(
      [
        aMessage(1),
        aMessage(2),
        aMessage(3, { fromMe: true, user: { id: 2, name: 'Bia' } }),
        aMessage(4, { fromMe: true, user: { id: 2, name: 'Bia' } }),
        aMessage(5, { fromMe: true, isPrivate: true, user: { id: 2, name: 'Bia' } }),
        aMessage(6),
      ],
      { now, isGroup: false },
    );
    expect(shape(items)).toEqual(['day:today', '1*', '2', '3*', '4', '5*', '6*']);
  });

  it('keys rows by message, so a day keeps no row of its own when older messages arrive', () => {
    const items = buildTimeline([aMessage(1), aMessage(2, { clientId: 'c-2' })], { now, isGroup: false });
    expect(items.map((item) => item.key)).toEqual(['m:1', 'c:c-2']);
  });

  it('names the member above the first message of their run in a group', () => {
    const items = buildTimeline(
      [
        aMessage(1, { participant: '5511911110000', contact: { id: 4, name: 'Caio' } }),
        aMessage(2, { participant: '5511911110000', contact: { id: 4, name: 'Caio' } }),
        aMessage(3, { participant: '5511922220000', contact: { id: 5, name: 'Duda' } }),
        aMessage(4, { fromMe: true }),
      ],
      { now, isGroup: true },
    );
    const senders = items.map((item) => item.showSender);
    expect(senders).toEqual([true, false, true, false]);
  });

  it('never names senders outside groups', () => {
    const items = buildTimeline([aMessage(1)], { now, isGroup: false });
    expect(items.some((item) => item.showSender)).toBe(false);
  });

  it('shows a reaction on the message it answers instead of as a message', () => {
    const target = aMessage(1);
    const reaction = aMessage(2, {
      mediaType: 'reactionMessage',
      body: '👍',
      fromMe: true,
      quotedMsg: { id: 1, body: target.body, fromMe: false, mediaType: null },
    });
    const items = buildTimeline([target, reaction], { now, isGroup: false });
    expect(shape(items)).toEqual(['day:today', '1*']);
    expect(items[0]).toMatchObject({ reactions: [{ emoji: '👍', fromMe: true }] });
  });

  it('keeps a reaction to a message that is not loaded as a row of its own', () => {
    const reaction = aMessage(2, {
      mediaType: 'reactionMessage',
      body: '❤️',
      quotedMsg: { id: 99, body: 'old', fromMe: true, mediaType: null },
    });
    expect(shape(buildTimeline([reaction], { now, isGroup: false }))).toEqual(['day:today', '2*']);
  });
});
