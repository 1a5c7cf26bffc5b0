// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { aMessage, aTicket } from '../../test/builders';
import { buildPdfLines, type PdfText } from './pdf-layout';

const text: PdfText = {
  title: (id) => `Ticket #${id}`,
  contact: (name, number) => `Contact: ${name} (${number})`,
  exportedAt: (when) => `Exported at ${when}`,
  system: 'System',
  privateNote: 'private note',
  deleted: 'deleted',
  media: (type) => `[${type}]`,
};

const exportedAt = new Date('2024-05-11T09:30:00.000Z');
const ticket = aTicket(7);

describe('the PDF export layout', () => {
  it('starts with the ticket, the contact and when it was exported', () => {
    const lines = buildPdfLines(ticket, [aMessage(1)], text, exportedAt);
    expect(lines.slice(0, 3)).toEqual([
      { text: 'Ticket #7', style: 'title' },
      { text: 'Contact: Contact 7 (551199900007)', style: 'meta' },
      { text: 'Exported at 11/05/2024 09:30', style: 'meta' },
    ]);
  });

  it("prints each message's time, author and text, one line per line of text", () => {
    const lines = buildPdfLines(
      ticket,
      [
        aMessage(1, { body: 'Hi\nI need help', createdAt: '2024-05-10T12:01:00.000Z' }),
        aMessage(2, {
          fromMe: true,
          user: { id: 2, name: 'Bia' },
          body: '*Bia:*\nHello',
          createdAt: '2024-05-10T12:02:00.000Z',
        }),
        aMessage(3, {
          fromMe: true,
          user: null,
          body: 'Choose a queue',
          createdAt: '2024-05-10T12:03:00.000Z',
        }),
      ],
      text,
      exportedAt,
    );
    expect(lines.slice(3).map((l) => l.text)).toEqual([
      '',
      '10/05/2024 12:01 - Ana',
      'Hi',
      'I need help',
      '',
      '10/05/2024 12:02 - Bia',
      'Bia:',
      'Hello',
      '',
      '10/05/2024 12:03 - System',
      'Choose a queue',
    ]);
  });

  it('labels media, deleted messages and private notes, and leaves reactions out', () => {
    const lines = buildPdfLines(
      ticket,
      [
        aMessage(1, { mediaType: 'image', body: 'photo.jpg' }),
        aMessage(2, { isDeleted: true, body: '' }),
        aMessage(3, { fromMe: true, isPrivate: true, user: { id: 2, name: 'Bia' }, body: 'VIP' }),
        aMessage(4, {
          mediaType: 'reactionMessage',
          body: '👍',
          quotedMsg: { id: 1, body: '', fromMe: false, mediaType: 'image' },
        }),
      ],
      text,
      exportedAt,
    );
    expect(
      lines
        .filter((l) => l.style !== 'gap')
        .slice(3)
        .map((l) => l.text),
    ).toEqual([
      '10/05/2024 12:01 - Ana',
      '[image] photo.jpg',
      '10/05/2024 12:02 - Ana',
      '[deleted]',
      '10/05/2024 12:03 - Bia (private note)',
      'VIP',
    ]);
  });

  it('has nothing to export without messages', () => {
    expect(buildPdfLines(ticket, [], text, exportedAt)).toEqual([]);
  });
});
