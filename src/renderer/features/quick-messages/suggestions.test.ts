import { describe, expect, it } from 'vitest';
import { aQuickMessage } from '../../test/builders';
import { matchingQuickMessages, suggestionFilter, suggestionLabel } from './suggestions';

describe("the chat's '/' suggestions (1-attendance §5)", () => {
  const all = [
    aQuickMessage(1, 'ola', 'Olá!'),
    aQuickMessage(2, 'Boleto', 'Segue o boleto'),
    aQuickMessage(3, 'horario', 'Das 8h às 18h'),
  ];

  it('opens only for a / at the start of the composer', () => {
    expect(suggestionFilter('/bo')).toBe('bo');
    expect(suggestionFilter(' /bo')).toBeNull();
    expect(suggestionFilter('olá /bo')).toBeNull();
    expect(matchingQuickMessages(all, 'ola')).toEqual([]);
  });

  it('offers every quick message for a lone /, then filters by shortcode ignoring case', () => {
    expect(matchingQuickMessages(all, '/').map((q) => q.id)).toEqual([1, 2, 3]);
    expect(matchingQuickMessages(all, '/BOL').map((q) => q.id)).toEqual([2]);
    expect(matchingQuickMessages(all, '/o').map((q) => q.id)).toEqual([1, 2, 3]);
    // The message text is not searched: only the shortcode.
    expect(matchingQuickMessages(all, '/segue')).toEqual([]);
  });

  it('labels a suggestion with its shortcode and the message cut at 90 characters', () => {
    expect(suggestionLabel(aQuickMessage(1, 'ola', 'Olá!'))).toBe('/ola - Olá!');
    expect(suggestionLabel(aQuickMessage(1, 'anexo'))).toBe('/anexo');
    const exactly90 = 'x'.repeat(90);
    expect(suggestionLabel(aQuickMessage(1, 'longa', exactly90))).toBe(`/longa - ${exactly90}`);
    expect(suggestionLabel(aQuickMessage(1, 'longa', `${exactly90}yz`))).toBe(`/longa - ${exactly90}...`);
  });
});
