import { describe, expect, it } from 'vitest';
import { LANGUAGES, resources } from '../shared/i18n';
import { messagesFor } from './messages';

describe('the main process’s words', () => {
  it('come from the shared resources (namespace desktop), in every language', () => {
    for (const language of LANGUAGES) {
      const text = messagesFor(language);
      const desktop = resources[language].desktop as { tray: { open: string }; update: { title: string } };
      expect(text.trayOpen).toBe(desktop.tray.open);
      expect(text.updateTitle).toBe(desktop.update.title);
      expect(text.updateReady('1.2.3')).toContain('1.2.3');
      expect(text.firstStartDetail({ email: 'a@b.c', password: 'p<4ss>' })).toContain('p<4ss>');
    }
  });

  it('count with each language’s plural rules, and say none at zero', () => {
    const pt = messagesFor('pt-BR');
    expect([0, 1, 2].map(pt.unread)).toEqual([
      'Nenhuma conversa não lida',
      '1 conversa não lida',
      '2 conversas não lidas',
    ]);
    expect([1, 3].map(messagesFor('en').newMessages)).toEqual(['1 new message', '3 new messages']);
    expect(messagesFor('es').unread(1_000_000)).toBe('1000000 conversaciones sin leer');
    expect(messagesFor('tr').unread(4)).toBe('4 okunmamış konuşma');
  });

  it('fall back to Portuguese for a language the app does not have', () => {
    expect(messagesFor('de-DE')).toBe(messagesFor('pt'));
    expect(messagesFor('')).toBe(messagesFor('pt'));
  });
});
