// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMessageText, parseLocation, parseVCard, plainMessageText } from './message-format';

describe('message text', () => {
  it('reads WhatsApp bold, italic and strike markers', () => {
    expect(formatMessageText('*Bia:*\nhello _there_ ~old~')).toEqual([
      { text: 'Bia:', bold: true },
      { text: '\nhello ' },
      { text: 'there', italic: true },
      { text: ' ' },
      { text: 'old', strike: true },
    ]);
  });

  it('leaves markers inside words and lone markers as written', () => {
    expect(plainMessageText('2*3*4 and snake_case_name')).toBe('2*3*4 and snake_case_name');
    expect(formatMessageText('a * b')).toEqual([{ text: 'a * b' }]);
  });

  it('reads ```monospace``` across lines, stars inside it left as written', () => {
    expect(formatMessageText('code: ```a *b*\nc``` done')).toEqual([
      { text: 'code: ' },
      { text: 'a *b*\nc', mono: true },
      { text: ' done' },
    ]);
  });

  it('turns http links into links', () => {
    expect(formatMessageText('see https://example.com/a?b=1 now')).toEqual([
      { text: 'see ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: ' now' },
    ]);
  });
});

describe('location messages', () => {
  it('read the preview image, the map link and the description', () => {
    expect(parseLocation('data:image/png;base64,AAA|https://maps.google.com/maps?q=1%2C2|Office')).toEqual({
      imageUrl: 'data:image/png;base64,AAA',
      link: 'https://maps.google.com/maps?q=1%2C2',
      description: 'Office',
    });
  });

  it('make a map link from bare coordinates', () => {
    expect(parseLocation('-23.55, -46.63').link).toBe('https://maps.google.com/maps?q=-23.55%2C-46.63&z=17');
  });
});

describe('contact cards', () => {
  it('read the name and the WhatsApp number', () => {
    const card =
      'BEGIN:VCARD\nVERSION:3.0\nN:Ana\nFN:Ana Lima\nTEL;type=CELL;waid=5511999990000:+55 11 99999-0000\nEND:VCARD';
    expect(parseVCard(card)).toEqual({ name: 'Ana Lima', number: '5511999990000' });
  });

  it('are not read from plain text', () => {
    expect(parseVCard('hello')).toBeNull();
  });
});
