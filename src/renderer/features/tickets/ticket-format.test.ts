// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { aTicket } from '../../test/builders';
import {
  formatTicketTime,
  lastMessagePreview,
  lastMessageText,
  notificationMark,
  queueTag,
  ratingEmoji,
  titleWithNotifications,
  truncate,
  visibleTags,
} from './ticket-format';

describe('the ticket list texts (1-attendance §2, §9)', () => {
  it('cuts contact names at 60 and last messages at 40 characters', () => {
    expect(truncate('a'.repeat(60), 60)).toBe('a'.repeat(60));
    expect(truncate('a'.repeat(61), 60)).toBe(`${'a'.repeat(60)}...`);
    expect(lastMessagePreview('b'.repeat(41))).toMatchObject({ kind: 'text', text: `${'b'.repeat(40)}...` });
    expect(lastMessagePreview('short')).toMatchObject({ kind: 'text', text: 'short' });
  });

  it('shows WhatsApp formatting as styles without its markers, and no signature line', () => {
    expect(lastMessagePreview('*Admin:*\nSeu pedido *saiu* _hoje_')).toEqual({
      kind: 'text',
      text: 'Seu pedido saiu hoje',
      segments: [
        { text: 'Seu pedido ' },
        { text: 'saiu', bold: true },
        { text: ' ' },
        { text: 'hoje', italic: true },
      ],
    });
    expect(lastMessagePreview('*[ 1 ]* - Suporte')).toMatchObject({ text: '[ 1 ] - Suporte' });
    // The cut counts what is read, never leaving half a marker.
    expect(lastMessagePreview(`*${'a'.repeat(50)}*`)).toMatchObject({ text: `${'a'.repeat(40)}...` });
  });

  it('shows an image data URL as a location and a vcard as a contact', () => {
    expect(lastMessagePreview('data:image/png;base64,iVBORw0KGgo=')).toEqual({ kind: 'location' });
    expect(lastMessagePreview('BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nEND:VCARD')).toEqual({ kind: 'contact' });
    const t = (key: string) => `<${key}>`;
    expect(lastMessageText('data:image/jpeg;base64,xyz', t)).toBe('<item.location>');
    expect(lastMessageText('begin:vcard', t)).toBe('<item.contact>');
  });

  it('shows the time as HH:mm today and as dd/MM/yyyy on other days', () => {
    const now = new Date(2024, 4, 10, 18, 30);
    expect(formatTicketTime(new Date(2024, 4, 10, 9, 5).toISOString(), now)).toBe('09:05');
    expect(formatTicketTime(new Date(2024, 4, 9, 23, 59).toISOString(), now)).toBe('09/05/2024');
    expect(formatTicketTime(new Date(2023, 11, 31, 8, 0).toISOString(), now)).toBe('31/12/2023');
    expect(formatTicketTime('not a date', now)).toBe('');
  });

  it('tags the queue by name, LGPD while consent is asked, or none', () => {
    expect(queueTag(aTicket(1))).toEqual({ kind: 'queue', name: 'Sales', color: '#ff0000' });
    expect(queueTag(aTicket(1, { status: 'lgpd' }))).toEqual({ kind: 'lgpd' });
    expect(queueTag(aTicket(1, { queue: null, queueId: null }))).toEqual({ kind: 'none' });
  });

  it('shows two tags and counts the rest', () => {
    expect(visibleTags(['a', 'b', 'c', 'd'])).toEqual({ tags: ['a', 'b'], more: 2 });
    expect(visibleTags(['a'])).toEqual({ tags: ['a'], more: 0 });
  });

  it('shows ratings 1 to 5 as angry, upset, neutral, smile and heart-eyes faces', () => {
    expect([1, 2, 3, 4, 5].map(ratingEmoji)).toEqual(['😠', '😞', '😐', '🙂', '😍']);
    expect(ratingEmoji(0)).toBeUndefined();
    expect(ratingEmoji(6)).toBeUndefined();
  });
});

describe('the notification bell title', () => {
  it('uses circled digits from ① to ⑳ and brackets above 20', () => {
    expect(notificationMark(0)).toBe('');
    expect(notificationMark(1)).toBe('①');
    expect(notificationMark(10)).toBe('⑩');
    expect(notificationMark(20)).toBe('⑳');
    expect(notificationMark(21)).toBe('(21)');
  });

  it('puts the mark before the page title, and nothing when there is nothing new', () => {
    expect(titleWithNotifications('Atendo', 3)).toBe('③ Atendo');
    expect(titleWithNotifications('Atendo', 42)).toBe('(42) Atendo');
    expect(titleWithNotifications('Atendo', 0)).toBe('Atendo');
  });
});
