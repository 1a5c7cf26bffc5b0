// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { aMessage, aTicket } from '../../test/builders';
import { buildPdfLines, type PdfText } from './pdf-layout';
import { transcriptHtml } from './print-transcript';

const text: PdfText = {
  title: (id) => `Görüşme #${id}`,
  contact: (name, number) => `Kişi: ${name} (${number})`,
  exportedAt: (when) => `Dışa aktarıldı ${when}`,
  system: 'Sistem',
  privateNote: 'özel not',
  deleted: 'silindi',
  media: (type) => `[${type}]`,
};

/** What a reader sees of the document: its paragraphs' text, entities read back. */
const paragraphs = (html: string) =>
  [...html.matchAll(/<p class="[a-z]+">(.*?)<\/p>/gs)].map(([, inner]) =>
    inner!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
  );

describe('the printed chat transcript', () => {
  const ticket = aTicket(7, { contact: { ...aTicket(7).contact, name: 'Şükrü Ağaoğlu' } });
  const lines = buildPdfLines(
    ticket,
    [
      aMessage(1, { body: 'İyi günler, ışık ğüşöç 😀👍🏽', createdAt: '2024-05-10T12:01:00.000Z' }),
      aMessage(2, { body: '<img src=x onerror=alert(1)> & "ok"', createdAt: '2024-05-10T12:02:00.000Z' }),
    ],
    text,
    new Date('2024-05-11T09:30:00.000Z'),
  );
  const html = transcriptHtml(lines, text.title(7), 'tr');

  it('keeps Turkish letters and emoji as the chat shows them, in a UTF-8 document of the reader’s language', () => {
    expect(html).toMatch(
      /^<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>Görüşme #7<\/title>/,
    );
    const shown = paragraphs(html);
    expect(shown[0]).toBe('Görüşme #7');
    expect(shown[1]).toMatch(/^Kişi: Şükrü Ağaoğlu \(/);
    expect(shown).toContain('İyi günler, ışık ğüşöç 😀👍🏽');
  });

  it('prints a message’s markup as text', () => {
    expect(html).not.toContain('<img');
    expect(paragraphs(html)).toContain('<img src=x onerror=alert(1)> & "ok"');
  });
});
